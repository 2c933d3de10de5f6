-- Great Eruption (ST06-015, Event). [Main]: draw 1 card. Then, up to 1 of your opponent's
-- Characters gets -2 cost during this turn. [Trigger]: your opponent chooses 1 card from their
-- hand and trashes it (the opponent chooses, at resolution: 8-4-4).
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        ctx:draw(1)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent" }, count = 1, up_to = true,
                                   prompt = "-2 cost this turn" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "cost", op = "add", value = -2, duration = "until_end_of_turn" })
        end
      end },
    { kind = "trigger", resolve = function(ctx) ctx:trash_from_hand(1, "opponent") end },
  },
}
