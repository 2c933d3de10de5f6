-- Rally: your units get +1 power until end of turn; choose up to 2 of your units: they get +1 more.
return {
  abilities = {
    { kind = "spell",
      resolve = function(ctx)
        ctx:modify(ctx:cards({ zone = "field", player = "you", type = "unit" }),
                   { attr = "power", op = "add", value = 1, duration = "until_end_of_turn" })
        local chosen = ctx:choose({ filter = { zone = "field", player = "you", type = "unit" }, count = 2,
                                    up_to = true, prompt = "units to rally" })
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "power", op = "add", value = 1, duration = "until_end_of_turn" })
        end
      end },
  },
}
