-- table.concat walks a 1999-table __index chain in C for every one of 100k elements.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local base = {}
  for i = 1, 100000 do base[i] = "x" end
  local t = base
  for i = 1, 1999 do t = setmetatable({}, { __index = t }) end
  return #table.concat(t, "", 1, 100000)
end } } }
