-- The script catches its own error object and converts it, running the looping __tostring.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local ok, err = pcall(error, setmetatable({}, { __tostring = function() while true do end end }))
  return tostring(err)
end } } }
