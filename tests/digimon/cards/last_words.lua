return { abilities = { { kind = "on_deletion", resolve = function(ctx) ctx:gain_memory(1) end } } }
