-- Ember Imp: when it is played, it deals 1 damage to the opponent.
return {
  abilities = {
    { kind = "when",
      trigger = { on = "played", self = true },
      resolve = function(ctx)
        ctx:damage("opponent", 1)
      end },
  },
}
