-- Gift of Growth: kicker {2}; a creature gets +2/+2 until end of turn, or +4/+4 if kicked.
return {
  abilities = {
    { kind = "spell", kicker = { { "mana", "{2}" } },
      targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        local n = ctx:kicked() and 4 or 2
        if t then ctx:pump(t, n, n) end
      end },
  },
}
