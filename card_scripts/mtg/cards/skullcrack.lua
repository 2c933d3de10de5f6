-- Skullcrack: for the rest of the turn players can't gain life (119.7) and damage can't be
-- prevented (615.12); then 3 damage to a player (so its own damage can't be prevented either).
return {
  abilities = {
    { kind = "spell", target = { player = "any" },
      resolve = function(ctx)
        ctx:players_cant_gain_life()
        ctx:damage_cant_be_prevented()
        ctx:damage(ctx:chosen_target(), 3)
      end },
  },
}
