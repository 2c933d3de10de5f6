-- A comparator that loops, called from inside C (table.sort).
return { abilities = { { kind = "activate", resolve = function(ctx)
  table.sort({ 3, 2, 1 }, function(a, b) while true do end end)
end } } }
