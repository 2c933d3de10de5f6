-- Sengoku (ST06-005). [When Attacking]: up to 1 of your opponent's Characters gets -4 cost
-- during this turn.
return {
  abilities = {
    { kind = "when_attacking",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent" }, count = 1, up_to = true,
                                   prompt = "-4 cost this turn" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "cost", op = "add", value = -4, duration = "until_end_of_turn" })
        end
      end },
  },
}
