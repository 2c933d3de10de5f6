-- Lua 5.1's newproxy makes userdata with a __gc metamethod.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return newproxy(true)
end } } }
