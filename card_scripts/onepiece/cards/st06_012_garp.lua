-- Monkey.D.Garp (ST06-012). [Activate: Main] You may trash 1 card from your hand and rest this
-- Character (paid top to bottom, 8-3-1-1): K.O. up to 1 of your opponent's Characters with cost 4 or less.
return {
  abilities = {
    { kind = "activate_main", cost = { { "trash_hand", 1 }, { "rest_self" } },
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent", max = { cost = 4 } },
                                   count = 1, up_to = true, prompt = "K.O." }
        if #chosen > 0 then ctx:ko(chosen[1]) end
      end },
  },
}
