-- Divination, Counsel of the Soratami: draw two cards.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:draw(2) end },
  },
}
