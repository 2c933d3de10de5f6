return { abilities = { { kind = "end_of_your_turn", resolve = function(ctx) ctx:gain_memory(1) end } } }
