-- Titanic Growth: a creature gets +4/+4 until end of turn.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:pump(t, 4, 4) end
      end },
  },
}
