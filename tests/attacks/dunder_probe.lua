-- Look for Python objects: attribute and dunder access on everything a script can reach.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local found = {}
  local function probe(name, f)
    local ok, v = pcall(f)
    if ok and v then found[#found + 1] = name .. "=" .. type(v) end
  end
  probe("ctx.__class__", function() return ctx.__class__ end)
  probe("ctx.__dict__", function() return ctx.__dict__ end)
  probe("ctx.__getitem__", function() return ctx.__getitem__ end)
  probe("ctx.draw.__self__", function() return ctx.draw.__self__ end)
  probe("ctx.draw.__globals__", function() return ctx.draw.__globals__ end)
  probe("getmetatable(ctx)", function() return getmetatable(ctx) end)
  probe("getmetatable(ctx.draw)", function() return getmetatable(ctx.draw) end)
  probe("getmetatable('')", function() return getmetatable("") end)
  probe("(''):__class__", function() return ("").__class__ end)
  probe("string.__index", function() return string.__index end)
  probe("_G.python", function() return _G.python end)
  probe("_ENV.python", function() return _ENV.python end)
  probe("next(ctx)", function() return next(ctx) end)
  probe("rawget(ctx, 'draw')", function() return rawget(ctx, "draw") end)
  probe("math.random.__call", function() return math.random.__call end)
  return type(ctx.draw), table.concat(found, ", ")
end } } }
