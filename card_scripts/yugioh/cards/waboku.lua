-- Waboku (Normal Trap): for the rest of this turn you take no battle damage and your monsters cannot
-- be destroyed by battle.
return {
  abilities = {
    { kind = "activate",
      resolve = function(ctx)
        ctx:turn_flag("you", "no_battle_damage")
        ctx:turn_flag("you", "battle_indestructible")
      end },
  },
}
