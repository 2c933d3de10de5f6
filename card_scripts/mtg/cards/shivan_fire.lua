-- Shivan Fire: kicker {4}; 2 damage to a creature, or 4 if the spell was kicked.
return {
  abilities = {
    { kind = "spell", kicker = { { "mana", "{4}" } },
      target = { card = { zone = "battlefield", types = "Creature" } },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), ctx:kicked() and 4 or 2) end },
  },
}
