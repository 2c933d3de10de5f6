-- Collateral Damage: as an additional cost, sacrifice a creature; 3 damage to any target.
return {
  abilities = {
    { kind = "spell", cost = { { "sacrifice", 1, { filter = { types = "Creature" } } } },
      target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 3) end },
  },
}
