-- Faulty Gadget: draws a card, then fails (a bug on purpose: indexes nil on line 6).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        ctx:draw(1)
        local broken = nil; return broken.field
      end },
  },
}
