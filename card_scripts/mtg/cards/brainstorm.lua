-- Brainstorm: draw three cards, then put two cards from the hand on top of the library, one at
-- a time (the second chosen ends up on top: "in any order").
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        ctx:draw(3)
        for i = 1, 2 do
          local pick = ctx:choose_one({ filter = { zone = "hand", player = "you" },
                                        prompt = i == 1 and "put a card on top of your library (it will be second)"
                                                 or "put a card on top of your library" })
          if pick then ctx:move(pick, "library", { player = "you", position = "top" }) end
        end
      end },
  },
}
