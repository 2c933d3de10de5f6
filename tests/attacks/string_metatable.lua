-- Replace the shared string metatable's __index for every script (and the host).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local mt = getmetatable("")
  mt.__index = { upper = function() return "pwned" end }
end } } }
