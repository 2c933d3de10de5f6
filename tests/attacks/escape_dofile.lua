-- Run another file.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return dofile("/etc/passwd")
end } } }
