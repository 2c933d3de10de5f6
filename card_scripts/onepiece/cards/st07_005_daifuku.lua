-- Charlotte Daifuku (ST07-005). [DON!! x1] [When Attacking] You may add 1 card from the top or
-- bottom of your Life to your hand: add up to 1 card from the top of your deck to the top of your Life.
return {
  abilities = {
    { kind = "when_attacking", don = 1, optional = true,
      -- Taking the Life card is part of the cost: with no Life cards it cannot be paid (8-3-1-3).
      condition = function(ctx) return ctx:life("you") > 0 end,
      resolve = function(ctx)
        if ctx:life_end_to_hand() == nil then return end
        local top = ctx:top_cards("deck", 1)   -- the top card, unseen (it goes face down)
        if #top > 0 and ctx:yes_no("add the top card of your deck to the top of your Life?") then
          ctx:add_to_life(top[1])
        end
      end },
  },
}
