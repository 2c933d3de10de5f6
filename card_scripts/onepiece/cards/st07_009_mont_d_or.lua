-- Charlotte Mont-d'Or (ST07-009). [Activate: Main] You may rest this Character and add 1 card from
-- the top or bottom of your Life to your hand: K.O. up to 1 of your opponent's Characters with cost
-- 3 or less. (Resting is the cost; the Life card is taken at resolution and, with none, the K.O.
-- does not happen.) [Trigger] You may trash 1 card from your hand: play this card.
return {
  abilities = {
    { kind = "activate_main", cost = { { "rest_self" } },
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
