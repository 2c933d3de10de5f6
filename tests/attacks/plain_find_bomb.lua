-- A plain find whose every position nearly matches (memcmp of the whole needle).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local hay = string.rep("a", 4000000)
  local needle = string.rep("a", 2000000) .. "b"
  for i = 1, 100 do hay:find(needle, 1, true) end
end } } }
