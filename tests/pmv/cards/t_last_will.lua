return { abilities = { { kind = "auto_gamma", label = "last will",
  trigger = { on = "near_death_step", step = "became", self = true },
  resolve = function(ctx) ctx:draw(1) end } } }
