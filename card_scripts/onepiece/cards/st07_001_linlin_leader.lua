-- Charlotte Linlin (ST07-001, Leader). [DON!! x2] [When Attacking] You may add 1 card from the top
-- or bottom of your Life to your hand: if you then have 2 or fewer Life cards, add up to 1 card from
-- your hand to the top of your Life. The Life card is taken at resolution; with no Life cards the
-- text cannot be done and nothing happens.
return {
  abilities = {
    { kind = "when_attacking", don = 2, optional = true,
      -- Taking the Life card is part of the cost: with no Life cards it cannot be paid (8-3-1-3).
      condition = function(ctx) return ctx:life("you") > 0 end,
      resolve = function(ctx)
        if ctx:life_end_to_hand() == nil then return end
        if ctx:life("you") > 2 then return end
        local chosen = ctx:choose{ filter = { zone = "hand", player = "you" }, count = 1, up_to = true,
                                   prompt = "add to the top of your Life" }
        if #chosen > 0 then ctx:add_to_life(chosen[1]) end
      end },
  },
}
