-- Loop inside coroutine.wrap, under a pcall that tries to swallow the kill.
return { abilities = { { kind = "activate", resolve = function(ctx)
  while true do
    pcall(coroutine.wrap(function() while true do end end))
  end
end } } }
