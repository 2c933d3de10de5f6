return { abilities = { { kind = "play", resolve = function(ctx)
  ctx:swap(ctx:designate_one{ filter = { zone = "field", type = "character" } }) end } } }
