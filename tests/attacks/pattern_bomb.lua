-- Catastrophic backtracking in C: 12 quantifiers against a 4000-character subject.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local s = string.rep("a", 4000)
  return s:find(string.rep("a*", 12) .. "b")
end } } }
