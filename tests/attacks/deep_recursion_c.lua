-- Unbounded recursion through a C function (string.gsub calling back into Lua).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local function f(s) return (string.gsub(s, ".", f)) end
  return f("x")
end } } }
