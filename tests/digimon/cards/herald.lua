return { abilities = { { kind = "auto", label = "[All Turns] when a Digimon is played",
  trigger = { on = "played", filter = { category = "digimon" } },
  resolve = function(ctx) ctx:gain_memory(1) end } } }
