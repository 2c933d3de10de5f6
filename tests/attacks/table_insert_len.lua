-- A __len that lies makes table.insert shift 2^40 elements in C.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local t = setmetatable({}, { __len = function() return 2 ^ 40 end, __index = {}, __newindex = {} })
  table.insert(t, 1, "x")
end } } }
