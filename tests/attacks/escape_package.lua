-- Load native code through package.loadlib.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return package.loadlib("libc.so.6", "system")
end } } }
