-- Compile code at run time (and with it, binary chunks).
return { abilities = { { kind = "activate", resolve = function(ctx)
  return load("return 1")()
end } } }
