-- Charlotte Mont-d'Or (ST07-009). [Activate: Main] You may rest this Character and add 1 card from
-- the top or bottom of your Life to your hand: K.O. up to 1 of your opponent's Characters with cost
-- 3 or less. (Resting is paid as the cost; the Life card, which no cost kind takes, is taken first
-- thing at resolution, and without Life cards the ability cannot be activated.)
-- [Trigger] You may trash 1 card from your hand: play this card.
return {
  abilities = {
    { kind = "activate_main", cost = { { "rest_self" } },
      -- Taking the Life card is part of the cost: with no Life cards it cannot be paid (8-3-1-3).
      condition = function(ctx) return ctx:life("you") > 0 end,
      resolve = function(ctx)
        if ctx:life_end_to_hand() == nil then return end
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent", max = { cost = 3 } },
                                   count = 1, up_to = true, prompt = "K.O." }
        if #chosen > 0 then ctx:ko(chosen[1]) end
      end },
    { kind = "trigger", cost = { { "trash_hand", 1 } },
      resolve = function(ctx) ctx:play(ctx:self()) end },
  },
}
