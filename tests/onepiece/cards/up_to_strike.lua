-- Up To Strike (test card, OP-03): [Main] K.O. up to 1 of your opponent's Characters with cost 3 or less.
return { abilities = {
  { kind = "main", resolve = function(ctx)
      local chosen = ctx:choose{ filter = { zone = "character", player = "opponent", max = { cost = 3 } },
                                 count = 1, up_to = true, prompt = "K.O." }
      if #chosen > 0 then ctx:ko(chosen[1]) end
    end },
} }
