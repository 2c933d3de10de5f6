return { abilities = { { kind = "auto_gamma", label = "take them along",
  trigger = { on = "near_death_step", step = "would", self = true },
  resolve = function(ctx)
    for _, id in ipairs(ctx:all{ zone = "field", subtype = "world_charm" }) do ctx:discard(id) end
  end } } }
