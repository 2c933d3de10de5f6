-- Sulfuric Vortex: 2 damage to each player at the beginning of their upkeep; nobody gains life
-- (a replacement that leaves nothing of the event, 614.1a).
return {
  abilities = {
    { kind = "triggered", trigger = { on = "phase", step = "upkeep" },
      resolve = function(ctx) ctx:damage("active", 2) end },
    { kind = "replacement", label = "no life gain", replaces = { event = "life_gain" }, instead = { prevent = true } },
  },
}
