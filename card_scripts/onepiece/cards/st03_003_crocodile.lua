-- Crocodile (ST03-003). [Blocker] is a keyword in the card data. [DON!! x1] [On Block]: put up to
-- 1 Character (either player's) with cost 2 or less at the bottom of its owner's deck.
return {
  abilities = {
    { kind = "on_block", don = 1,
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "any", max = { cost = 2 } },
                                   count = 1, up_to = true, prompt = "put at the bottom of its owner's deck" }
        if #chosen > 0 then ctx:move(chosen[1], "deck", { position = "bottom" }) end
      end },
  },
}
