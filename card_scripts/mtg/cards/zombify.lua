-- Zombify: a creature card from your graveyard returns to the battlefield (under your control).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "graveyard", player = "you", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:put_onto_battlefield(t) end
      end },
  },
}
