-- Quadratic backtracking repeated over a long subject, through gsub and gmatch.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local s = string.rep("a", 200000)
  for w in s:gmatch("a*a*b") do end
  return s:gsub(".-.-b", "")
end } } }
