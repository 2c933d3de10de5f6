return { abilities = { { kind = "main", resolve = function(ctx)
  ctx:log(ctx:in_no_area() and "in no area" or "in an area")
end } } }
