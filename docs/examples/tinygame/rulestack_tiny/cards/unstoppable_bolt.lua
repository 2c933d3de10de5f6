-- Unstoppable Bolt: 3 damage to the opponent; its effect cannot be negated.
return {
  abilities = {
    { kind = "spell", cost = { { "energy", 2 } }, unnegatable = true,
      resolve = function(ctx) ctx:damage("opponent", 3) end },
  },
}
