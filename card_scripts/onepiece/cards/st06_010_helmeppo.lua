-- Helmeppo (ST06-010). [On Play]: up to 1 of your opponent's Characters gets -3 cost
-- during this turn.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent" }, count = 1, up_to = true,
                                   prompt = "-3 cost this turn" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "cost", op = "add", value = -3, duration = "until_end_of_turn" })
        end
      end },
  },
}
