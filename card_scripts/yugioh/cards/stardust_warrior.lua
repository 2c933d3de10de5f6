-- Stardust Warrior (Synchro). Quick Effect: when the opponent would Summon a monster, Tribute this
-- card (cost) to negate the Summon and destroy that monster.
return {
  abilities = {
    { kind = "quick", label = "negate a Summon", tags = { "negate_summon" },
      condition = function(ctx)
        local s = ctx:summoning()
        return s ~= nil and s.player ~= ctx:controller()
      end,
      cost = { { kind = "tribute", amount = 1, self = true } },
      resolve = function(ctx) ctx:negate_summon() end },
  },
}
