-- An __index metamethod that loops.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local t = setmetatable({}, { __index = function() while true do end end })
  return t.anything
end } } }
