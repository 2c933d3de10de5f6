-- Sables (ST03-015, Event). [Main]: return up to 1 Character (either player's) with cost 7 or less
-- to its owner's hand. Its [Trigger] (activate this card's [Main] effect) is a keyword in the data.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "any", max = { cost = 7 } },
                                   count = 1, up_to = true, prompt = "return to its owner's hand" }
        if #chosen > 0 then ctx:move(chosen[1], "hand") end
      end },
  },
}
