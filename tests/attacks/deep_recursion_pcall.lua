-- Unbounded recursion through pcall (a C boundary per level), swallowing each overflow.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local function f() pcall(f); return f() end
  return f()
end } } }
