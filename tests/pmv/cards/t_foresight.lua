return { abilities = { { kind = "play", resolve = function(ctx)
  local seen = ctx:look_at_deck()
  ctx:make_near_death(ctx:designate_one{ filter = { zone = "field", type = "character" } })
  ctx:to_hand(ctx:designate_one{ from = seen, look = true })
end } } }
