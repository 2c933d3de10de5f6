-- A __close that loops when the function returns normally.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
  return 1
end } } }
