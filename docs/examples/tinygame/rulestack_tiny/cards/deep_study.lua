-- Deep Study: pay 2 energy and discard 2 cards, then draw 3.
return {
  abilities = {
    { kind = "spell", cost = { { "energy", 2 }, { "discard", 2 } },
      resolve = function(ctx) ctx:draw(3) end },
  },
}
