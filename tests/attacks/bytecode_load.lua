-- The classic bytecode escape: dump a function, patch it, load the patched binary chunk.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local code = string.dump(function() return 1 end)
  code = code:gsub("\1", "\255")
  return load(code, "x", "b")()
end } } }
