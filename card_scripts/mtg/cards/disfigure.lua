-- Disfigure: a creature gets -2/-2 until end of turn (layer 7c; toughness 0 or less puts it into
-- its owner's graveyard as a state-based action, 704.5f).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:pump(t, -2, -2) end
      end },
  },
}
