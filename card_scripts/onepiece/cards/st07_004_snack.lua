-- Charlotte Snack (ST07-004). [DON!! x1] [When Attacking] You may add 1 card from the top or bottom
-- of your Life to your hand: this Character gains [Banish] and +1000 power during this battle.
return {
  abilities = {
    { kind = "when_attacking", don = 1, optional = true,
      -- Taking the Life card is part of the cost: with no Life cards it cannot be paid (8-3-1-3).
      condition = function(ctx) return ctx:life("you") > 0 end,
      resolve = function(ctx)
        if ctx:life_end_to_hand() == nil then return end
        ctx:modify(ctx:self(), { op = "grant", value = "Banish", duration = "this_battle" })
        ctx:modify(ctx:self(), { attr = "power", op = "add", value = 1000, duration = "this_battle" })
      end },
  },
}
