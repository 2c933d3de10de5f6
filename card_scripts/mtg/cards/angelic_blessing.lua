-- Angelic Blessing: a creature gets +3/+3 and gains flying until end of turn.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        ctx:pump(t, 3, 3)
        ctx:modify(t, { op = "grant", value = "Flying", duration = "until_end_of_turn" })
      end },
  },
}
