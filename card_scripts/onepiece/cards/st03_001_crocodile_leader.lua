-- Crocodile (ST03-001, Leader). [Activate: Main] [Once Per Turn] DON!! -4 (return 4 DON!! from your
-- field to your DON!! deck, 8-3-1-6): return up to 1 Character (either player's) with cost 5 or
-- less to its owner's hand.
return {
  abilities = {
    { kind = "activate_main", once_per_turn = true, cost = { { "don_minus", 4 } },
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "any", max = { cost = 5 } },
                                   count = 1, up_to = true, prompt = "return to its owner's hand" }
        if #chosen > 0 then ctx:move(chosen[1], "hand") end
      end },
  },
}
