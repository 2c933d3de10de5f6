-- Thousand Sunny (ST01-017, Stage). [Activate: Main] You may rest this Stage: up to 1 of your
-- {Straw Hat Crew} Leader or Characters gets +1000 power during this turn.
return {
  abilities = {
    { kind = "activate_main", cost = { { "rest_self" } },
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you",
                                              types = "Straw Hat Crew" },
                                   count = 1, up_to = true, prompt = "+1000 power this turn" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "power", op = "add", value = 1000, duration = "until_end_of_turn" })
        end
      end },
  },
}
