-- Compile another file.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return loadfile("/etc/passwd")
end } } }
