-- Dismember: a creature gets -5/-5 until end of turn.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:pump(t, -5, -5) end
      end },
  },
}
