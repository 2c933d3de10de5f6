-- Host methods from inside a coroutine (lupa issue #84).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local co = coroutine.wrap(function() return ctx:draw(1) end)
  return co()
end } } }
