-- Flametongue Kavu: when it enters the battlefield, it deals 4 damage to a target creature. The
-- trigger is not optional: with no other creature around, it must target itself.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      target = { card = { zone = "battlefield", types = "Creature" } },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 4) end },
  },
}
