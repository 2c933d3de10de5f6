-- Misheard Event: Tiny records "played", never "playd".
return {
  abilities = {
    { kind = "when",
      trigger = { on = "playd", self = true },
      resolve = function(ctx) ctx:damage("opponent", 1) end },
  },
}
