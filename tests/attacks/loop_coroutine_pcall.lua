-- pcall inside the coroutine, resume outside: two places to swallow the kill.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local co = coroutine.create(function()
    while true do pcall(function() while true do end end) end
  end)
  while true do coroutine.resume(co) end
end } } }
