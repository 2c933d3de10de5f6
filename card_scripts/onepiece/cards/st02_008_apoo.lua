-- Scratchmen Apoo (ST02-008). [DON!! x1] [When Attacking]: rest up to 1 of your opponent's DON!! cards.
return {
  abilities = {
    { kind = "when_attacking", don = 1,
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "cost", player = "opponent", status = { rested = false } },
                                   count = 1, up_to = true, prompt = "rest a DON!!" }
        if #chosen > 0 then ctx:rest(chosen[1]) end
      end },
  },
}
