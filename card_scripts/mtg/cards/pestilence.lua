-- Pestilence. {B}: 1 damage to each creature and each player. At the beginning of the end step,
-- if no creatures are on the battlefield, sacrifice it (an intervening "if", 603.4: checked as
-- the trigger would trigger and again as it resolves).
local function no_creatures(ctx) return ctx:count({ zone = "battlefield", player = "any", types = "Creature" }) == 0 end
return {
  abilities = {
    { kind = "activated", label = "1 damage to everything", cost = { { "mana", "{B}" } },
      resolve = function(ctx)
        for _, id in ipairs(ctx:cards({ zone = "battlefield", player = "any", types = "Creature" })) do
          ctx:damage(id, 1)
        end
        ctx:damage("you", 1)
        ctx:damage("opponent", 1)
      end },
    { kind = "triggered", trigger = { on = "phase", step = "end" }, condition = no_creatures,
      resolve = function(ctx)
        if no_creatures(ctx) then ctx:sacrifice() end
      end },
  },
}
