-- Breath of Life: return a creature card from its caster's graveyard to the battlefield.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "graveyard", player = "you", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:put_onto_battlefield(t) end
      end },
  },
}
