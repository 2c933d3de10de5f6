-- Mutagenic Growth: a creature gets +2/+2 until end of turn.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:pump(t, 2, 2) end
      end },
  },
}
