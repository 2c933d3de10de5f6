return { abilities = { { kind = "play", resolve = function(ctx) ctx:gain_life(1) end } } }
