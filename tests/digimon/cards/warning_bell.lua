return { abilities = { { kind = "immediate", opponent_turn = true, label = "when an Option would be used",
  trigger = { on = "would_be_used", player = "opponent" },
  resolve = function(ctx) ctx:gain_memory(1) end } } }
