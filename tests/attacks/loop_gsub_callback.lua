-- A replacement function that loops, called from inside C (string.gsub).
return { abilities = { { kind = "activate", resolve = function(ctx)
  return string.gsub("abc", "%w", function(c) while true do end end)
end } } }
