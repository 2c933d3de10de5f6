-- A to-be-closed variable whose __close loops (it runs while the kill unwinds the stack).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end } } }
