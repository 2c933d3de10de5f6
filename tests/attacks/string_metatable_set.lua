-- Give strings a new metatable.
return { abilities = { { kind = "activate", resolve = function(ctx)
  setmetatable("", { __index = { upper = function() return "pwned" end } })
end } } }
