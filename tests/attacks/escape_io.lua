-- Read a file through the io library.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return io.open("/etc/passwd"):read("a")
end } } }
