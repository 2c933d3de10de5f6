-- Lua 5.1's name for load.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return loadstring("return 1")()
end } } }
