-- Harmonize: draw three cards.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:draw(3) end },
  },
}
