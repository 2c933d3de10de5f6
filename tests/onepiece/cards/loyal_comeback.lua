-- Loyal Comeback (test card, OP-15): [On K.O.] play up to 1 Character card with a cost of 2 or less
-- from your trash. It resolves with this card already in the trash, so it may choose itself (10-2-17).
return { abilities = {
  { kind = "on_ko", resolve = function(ctx)
      local chosen = ctx:choose{ filter = { zone = "trash", player = "you", category = "character", max = { cost = 2 } },
                                 count = 1, up_to = true, prompt = "play from your trash" }
      if #chosen > 0 then ctx:play(chosen[1]) end
    end },
} }
