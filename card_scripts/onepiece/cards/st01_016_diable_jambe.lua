-- Diable Jambe (ST01-016, Event). [Main]: choose up to 1 of your {Straw Hat Crew} Leader or
-- Characters; if it attacks this turn, your opponent cannot activate [Blocker].
-- [Trigger]: K.O. up to 1 of your opponent's [Blocker] Characters with a cost of 3 or less.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you",
                                              types = "Straw Hat Crew" },
                                   count = 1, up_to = true, prompt = "cannot be blocked this turn" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "unblockable", op = "set", value = true, duration = "until_end_of_turn" })
        end
      end },
    { kind = "trigger",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent", keyword = "Blocker",
                                              max = { cost = 3 } },
                                   count = 1, up_to = true, prompt = "K.O." }
        if #chosen > 0 then ctx:ko(chosen[1]) end
      end },
  },
}
