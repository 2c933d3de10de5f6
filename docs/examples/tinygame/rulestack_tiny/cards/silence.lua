-- Silence: negate the text of every unit on the field until end of turn.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        ctx:modify({ zone = "field", type = "unit" }, { op = "negate", value = true, duration = "until_end_of_turn" })
      end },
  },
}
