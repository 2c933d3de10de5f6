-- Mending Hands: a prevention shield of 4 on any target, for this turn (615.7).
return {
  abilities = {
    { kind = "spell", target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:prevent_damage(ctx:chosen_target(), 4) end },
  },
}
