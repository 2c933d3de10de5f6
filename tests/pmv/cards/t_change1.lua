return { abilities = { { kind = "play", resolve = function(ctx)
  ctx:change(ctx:designate_one{ filter = { zone = "field", type = "character" } }, { attack = 1 }) end } } }
