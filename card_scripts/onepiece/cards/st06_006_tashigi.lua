-- Tashigi (ST06-006). [Activate: Main] You may rest this Character: up to 1 of your opponent's
-- Characters gets -2 cost during this turn.
return {
  abilities = {
    { kind = "activate_main", cost = { { "rest_self" } },
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent" }, count = 1, up_to = true,
                                   prompt = "-2 cost this turn" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "cost", op = "add", value = -2, duration = "until_end_of_turn" })
        end
      end },
  },
}
