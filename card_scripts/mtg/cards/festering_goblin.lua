-- Festering Goblin: when it dies (battlefield to graveyard), a target creature gets -1/-1 until
-- end of turn. The trigger looks back in time (603.10a): it works from the graveyard.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, from = "battlefield", to = "graveyard" },
      targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:pump(t, -1, -1) end
      end },
  },
}
