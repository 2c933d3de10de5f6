-- Contentious Plan: proliferate, then draw a card.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        ctx:proliferate()
        ctx:draw(1)
      end },
  },
}
