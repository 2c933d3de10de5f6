-- Sakazuki (ST06-001, Leader). [Activate: Main] [Once Per Turn] ③ and trash 1 card from your hand:
-- K.O. up to 1 of your opponent's Characters with a cost of 0 (a negative cost counts as 0, 1-3-6-2).
return {
  abilities = {
    { kind = "activate_main", once_per_turn = true, cost = { { "don", 3 }, { "trash_hand", 1 } },
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent", max = { cost = 0 } },
                                   count = 1, up_to = true, prompt = "K.O." }
        if #chosen > 0 then ctx:ko(chosen[1]) end
      end },
  },
}
