-- A set of 3000 characters is scanned byte by byte at every test: one quantifier over a
-- 3000-byte subject costs 3000^2 tests of 3000 bytes each, which a guard counting the set as one
-- item would allow.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local s = string.rep("a", 3000)
  return s:find("[" .. string.rep("b", 3000) .. "a]*c")
end } } }
