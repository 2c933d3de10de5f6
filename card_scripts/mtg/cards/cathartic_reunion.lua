-- Cathartic Reunion: as an additional cost, discard two cards; draw three cards.
return {
  abilities = {
    { kind = "spell", cost = { { "discard", 2 } },
      resolve = function(ctx) ctx:draw(3) end },
  },
}
