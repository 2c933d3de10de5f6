-- Koby (ST06-002). [On Play] You may trash 1 card from your hand (an optional cost, 8-3-1-4):
-- K.O. up to 1 of your opponent's Characters with a cost of 0.
return {
  abilities = {
    { kind = "on_play", optional = true, cost = { { "trash_hand", 1 } },
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent", max = { cost = 0 } },
                                   count = 1, up_to = true, prompt = "K.O." }
        if #chosen > 0 then ctx:ko(chosen[1]) end
      end },
  },
}
