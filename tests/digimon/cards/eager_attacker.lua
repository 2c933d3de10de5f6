return { abilities = { { kind = "when_attacking", resolve = function(ctx) ctx:gain_memory(1) end } } }
