return { abilities = { { kind = "main", resolve = function(ctx) ctx:gain_memory(1); ctx:place_in_battle_area() end } } }
