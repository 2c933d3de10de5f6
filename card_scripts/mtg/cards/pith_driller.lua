-- Pith Driller: when it enters the battlefield, put a -1/-1 counter on a target creature.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:add_counters(t, "-1/-1", 1) end
      end },
  },
}
