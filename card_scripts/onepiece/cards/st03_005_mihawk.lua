-- Dracule Mihawk (ST03-005). [DON!! x1] [When Attacking]: draw 2 cards, then trash 2 cards from
-- your hand (chosen at resolution, 8-4-4).
return {
  abilities = {
    { kind = "when_attacking", don = 1,
      resolve = function(ctx)
        ctx:draw(2)
        ctx:trash_from_hand(2)
      end },
  },
}
