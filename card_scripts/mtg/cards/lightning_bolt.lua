-- Lightning Bolt (and Searing Spear): 3 damage to any target.
return {
  abilities = {
    { kind = "spell", target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 3) end },
  },
}
