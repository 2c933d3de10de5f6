-- Flame Slash: 4 damage to a creature.
return {
  abilities = {
    { kind = "spell", target = { card = { zone = "battlefield", types = "Creature" } },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 4) end },
  },
}
