-- Burst Lightning: kicker {4} (702.33); 2 damage to any target, 4 if kicked.
return {
  abilities = {
    { kind = "spell", kicker = { { "mana", "{4}" } },
      target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), ctx:kicked() and 4 or 2) end },
  },
}
