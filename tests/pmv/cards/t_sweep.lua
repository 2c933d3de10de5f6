return { abilities = { { kind = "play", resolve = function(ctx)
  local charm = ctx:designate_one{ filter = { zone = "field", subtype = "world_charm" } }
  local char = ctx:designate_one{ filter = { zone = "field", type = "character" }, prompt = "character to exclude" }
  ctx:remove_together{ { card = char, removal = "exclusion" }, { card = charm, removal = "discard" } }
end } } }
