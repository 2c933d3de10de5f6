-- Keep ever more data on the host side through ctx:remember (1 KiB values under new keys).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local chunk = string.rep("m", 1024)
  for i = 1, 100000 do ctx:remember("k" .. i, chunk) end
end } } }
