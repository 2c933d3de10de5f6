-- Bone Splinters: as an additional cost, sacrifice a creature (601.2b); destroy a creature.
return {
  abilities = {
    { kind = "spell", cost = { { "sacrifice", 1, { filter = { types = "Creature" } } } },
      targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
