-- Moment of Heroism: a creature gets +2/+2 and gains lifelink until end of turn.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        ctx:pump(t, 2, 2)
        ctx:modify(t, { op = "grant", value = "Lifelink", duration = "until_end_of_turn" })
      end },
  },
}
