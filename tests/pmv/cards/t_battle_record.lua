return { abilities = { { kind = "auto_gamma", label = "record of battle",
  trigger = { on = "near_death_step", step = "became", self = true, by_battle = true },
  resolve = function(ctx) ctx:gain_life(5) end } } }
