-- Weakening Wave (test card, OP-18): up to 1 of your opponent's Characters gets -3000 power this turn.
return { abilities = {
  { kind = "main", resolve = function(ctx)
      local chosen = ctx:choose{ filter = { zone = "character", player = "opponent" }, count = 1, up_to = true,
                                 prompt = "-3000 power" }
      if #chosen > 0 then
        ctx:modify(chosen, { attr = "power", op = "add", value = -3000, duration = "until_end_of_turn" })
      end
    end },
} }
