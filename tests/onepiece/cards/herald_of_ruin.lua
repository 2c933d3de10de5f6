-- Herald of Ruin (test card): [On Play] K.O. up to 1 of your opponent's Characters.
return { abilities = {
  { kind = "on_play", resolve = function(ctx)
      local chosen = ctx:choose{ filter = { zone = "character", player = "opponent" }, count = 1, up_to = true,
                                 prompt = "K.O." }
      if #chosen > 0 then ctx:ko(chosen[1]) end
    end },
} }
