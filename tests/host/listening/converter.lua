-- Converter: whenever any card moves, if (as it is checked) every Self Mover becomes an Any Mover.
return {
  abilities = {
    { kind = "when", trigger = { on = "moved" },
      condition = function(ctx) ctx:convert() return true end,
      resolve = function(ctx) end },
  },
}
