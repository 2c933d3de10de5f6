-- Dump a function to bytecode (to patch it into a crashing binary chunk).
return { abilities = { { kind = "activate", resolve = function(ctx)
  return string.dump(function() return 1 end)
end } } }
