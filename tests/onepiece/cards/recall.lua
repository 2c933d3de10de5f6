-- Recall (test card): return up to 1 of your Characters to your hand.
return { abilities = {
  { kind = "main", resolve = function(ctx)
      local chosen = ctx:choose{ filter = { zone = "character", player = "you" }, count = 1, up_to = true,
                                 prompt = "return to hand" }
      if #chosen > 0 then ctx:move(chosen[1], "hand") end
    end },
} }
