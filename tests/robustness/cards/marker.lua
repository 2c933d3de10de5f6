-- Marker: an honest card whose resolution records two events (other cards' trigger conditions
-- are checked during each) and does some work of its own in between (10M instructions' worth is
-- half its budget).
return {
  abilities = {
    { kind = "activate", resolve = function(ctx)
        ctx:mark("first")
        local n = 0
        for i = 1, 1500000 do n = n + i % 7 end
        ctx:mark("second")
        return n
      end },
  },
}
