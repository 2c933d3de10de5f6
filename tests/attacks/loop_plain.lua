-- The simplest hang.
return { abilities = { { kind = "activate", resolve = function(ctx)
  while true do end
end } } }
