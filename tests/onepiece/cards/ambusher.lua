-- Ambusher (test card): [When Attacking] K.O. up to 1 of your opponent's Characters.
return { abilities = {
  { kind = "when_attacking", resolve = function(ctx)
      local chosen = ctx:choose{ filter = { zone = "character", player = "opponent" }, count = 1, up_to = true,
                                 prompt = "K.O." }
      if #chosen > 0 then ctx:ko(chosen[1]) end
    end },
} }
