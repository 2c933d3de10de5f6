-- A huge unpack: a million values on the stack per call, in a loop.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local t = {}
  for i = 1, 1000000 do t[i] = i end
  while true do select("#", table.unpack(t)) end
end } } }
