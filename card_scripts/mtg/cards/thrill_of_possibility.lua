-- Thrill of Possibility: as an additional cost, discard a card; draw two cards.
return {
  abilities = {
    { kind = "spell", cost = { { "discard", 1 } },
      resolve = function(ctx) ctx:draw(2) end },
  },
}
