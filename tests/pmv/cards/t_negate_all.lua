return { abilities = { { kind = "play", resolve = function(ctx)
  ctx:negate_text(ctx:designate_one{ filter = { zone = "field", type = "character" } }, { include_brackets = true }) end } } }
