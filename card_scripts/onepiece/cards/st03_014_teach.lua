-- Marshall.D.Teach (ST03-014). [On Play]: return up to 1 Character (either player's) with cost 3 or
-- less to its owner's hand.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "any", max = { cost = 3 } },
                                   count = 1, up_to = true, prompt = "return to its owner's hand" }
        if #chosen > 0 then ctx:move(chosen[1], "hand") end
      end },
  },
}
