-- Jinbe (ST01-005). [DON!! x1] [When Attacking]: up to 1 of your Leader or Characters other than
-- this card gets +1000 power during this turn.
return {
  abilities = {
    { kind = "when_attacking", don = 1,
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you", other = true },
                                   count = 1, up_to = true, prompt = "+1000 power this turn" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "power", op = "add", value = 1000, duration = "until_end_of_turn" })
        end
      end },
  },
}
