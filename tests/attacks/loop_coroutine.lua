-- Loop inside a coroutine: hooks are per thread, new coroutines get none by default.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local co = coroutine.create(function() while true do end end)
  while true do coroutine.resume(co) end
end } } }
