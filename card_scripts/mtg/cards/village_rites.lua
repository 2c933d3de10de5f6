-- Village Rites: as an additional cost, sacrifice a creature; draw two cards.
return {
  abilities = {
    { kind = "spell", cost = { { "sacrifice", 1, { filter = { types = "Creature" } } } },
      resolve = function(ctx) ctx:draw(2) end },
  },
}
