-- Tezzeret's Gambit: draw two cards, then proliferate.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        ctx:draw(2)
        ctx:proliferate()
      end },
  },
}
