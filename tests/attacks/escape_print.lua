-- print writes to the host's stdout.
return { abilities = { { kind = "activate", resolve = function(ctx)
  print("hello from a card")
end } } }
