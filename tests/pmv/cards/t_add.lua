return { abilities = { { kind = "play", resolve = function(ctx)
  ctx:add(ctx:designate_one{ filter = { zone = "field", type = "character" } }, { attack = 2 }) end } } }
