-- Swallow the kill with xpcall, whose handler loops too.
return { abilities = { { kind = "activate", resolve = function(ctx)
  while true do
    xpcall(function() while true do end end, function(e) while true do end end)
  end
end } } }
