-- Gut Shot: 1 damage to any target; {R/P} is paid with {R} or 2 life (107.4f).
return {
  abilities = {
    { kind = "spell", target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 1) end },
  },
}
