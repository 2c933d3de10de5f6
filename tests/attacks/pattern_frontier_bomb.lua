-- A frontier pattern %f[set] with a 100000-byte set, tested at each of 100000 positions.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local s = string.rep("a", 100000)
  return s:find("%f[" .. string.rep("b", 100000) .. "]x")
end } } }
