-- Lava Spike: 3 damage to a player.
return {
  abilities = {
    { kind = "spell", target = { player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 3) end },
  },
}
