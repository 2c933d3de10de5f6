-- Swallow the budget kill with pcall and keep looping.
return { abilities = { { kind = "activate", resolve = function(ctx)
  while true do
    pcall(function() while true do end end)
  end
end } } }
