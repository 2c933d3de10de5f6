-- Sentomaru (ST03-007). [DON!! x1] [Activate: Main] [Once Per Turn] ②: play up to 1 [Pacifista]
-- with cost 4 or less from your deck, then shuffle your deck.
return {
  abilities = {
    { kind = "activate_main", don = 1, once_per_turn = true, cost = { { "don", 2 } },
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "deck", player = "you", name = "Pacifista", max = { cost = 4 } },
                                   look = true,
                                   count = 1, up_to = true, prompt = "play from your deck" }
        if #chosen > 0 then ctx:play(chosen[1]) end
        ctx:shuffle("deck")
      end },
  },
}
