-- Any Mover: whenever any card moves, nothing happens.
return {
  abilities = {
    { kind = "when", trigger = { on = "moved" }, resolve = function(ctx) end },
  },
}
