-- Killer (ST02-005). [On Play]: K.O. up to 1 of your opponent's rested Characters with cost 3 or
-- less. Its [Trigger] (play this card) is a keyword in the card data.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent", status = { rested = true },
                                              max = { cost = 3 } },
                                   count = 1, up_to = true, prompt = "K.O." }
        if #chosen > 0 then ctx:ko(chosen[1]) end
      end },
  },
}
