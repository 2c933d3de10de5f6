-- Borne Upon a Wind: this turn its controller may cast spells as though they had flash (the cards
-- in their hand have flash until end of turn, whenever they got there); draw a card.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        ctx:modify({ zone = "hand", player = "you" }, { op = "grant", value = "Flash", duration = "until_end_of_turn" })
        ctx:draw(1)
      end },
  },
}
