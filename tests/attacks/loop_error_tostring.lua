-- An error object whose __tostring loops: the host must never call it.
return { abilities = { { kind = "activate", resolve = function(ctx)
  error(setmetatable({}, { __tostring = function() while true do end end }))
end } } }
