-- Luminarch Aspirant: at the beginning of combat on its controller's turn, a +1/+1 counter on a
-- creature they control (targeted as the ability goes on the stack).
return {
  abilities = {
    { kind = "triggered", trigger = { on = "phase", step = "beginning_of_combat", player = "you" },
      targets = { { filter = { zone = "battlefield", player = "you", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:add_counters(t, "+1/+1", 1) end
      end },
  },
}
