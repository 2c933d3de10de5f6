-- Cannon Soldier: Ignition Effect. Cost: Tribute 1 monster (itself included). Effect: 500 damage
-- to the opponent. The Tribute is paid before the chain link exists and is never refunded (YGO-07).
return {
  abilities = {
    { kind = "ignition", label = "fire",
      cost = { { kind = "tribute", amount = 1 } },
      resolve = function(ctx) ctx:damage("opponent", 500) end },
  },
}
