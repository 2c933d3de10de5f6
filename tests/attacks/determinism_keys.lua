-- Walk tables whose keys are of mixed types (booleans, floats, negative and positive integers,
-- strings) and tables built in different orders: the walk must be one fixed order in every
-- runtime, whatever the insertion order, so the same seed gives the same game.
local function walk(t)
  local out = {}
  for k, v in pairs(t) do out[#out + 1] = tostring(k) .. "=" .. tostring(v) end
  return table.concat(out, ",")
end
return { abilities = {
  { kind = "activate", resolve = function(ctx)
      ctx:mark(walk({ [true] = 1, [1.5] = 2, a = 3, [2] = 4, [-1] = 5, [false] = 6, b = 7, [1] = 8 })) end },
  { kind = "activate", resolve = function(ctx)
      local a, b = {}, {}
      for _, k in ipairs({ "x", "y", "z", "w" }) do a[k] = #k end
      for _, k in ipairs({ "w", "z", "y", "x" }) do b[k] = #k end
      ctx:mark(walk(a) == walk(b) and "same" or (walk(a) .. " vs " .. walk(b))) end },
  { kind = "activate", resolve = function(ctx)
      local t = { a = 1, b = 2, c = 3 }
      local seen = {}
      for k in pairs(t) do seen[#seen + 1] = k; t[k] = nil end   -- clearing fields while walking is allowed
      ctx:mark(table.concat(seen, ",")) end },
} }
