-- Try to make two runs of the same game differ: the order of pairs() and next() over string
-- keys (Lua seeds its string hashes per runtime), tostring of tables and functions (addresses),
-- collectgarbage counts. What the card sees is recorded with ctx:mark, so it lands in the log.
local function keys_by(walk)
  local t = {}
  for i = 1, 40 do t["key" .. i] = i end
  t[3], t[1], t[2.5], t[true] = "c", "a", "half", "yes"
  local seen = {}
  walk(t, function(k) seen[#seen + 1] = tostring(k) end)
  return table.concat(seen, ",")
end
return { abilities = {
  { kind = "activate", resolve = function(ctx)
    ctx:mark(keys_by(function(t, f) for k in pairs(t) do f(k) end end))
  end },
  { kind = "activate", resolve = function(ctx)
    ctx:mark(keys_by(function(t, f) local k = next(t); while k ~= nil do f(k); k = next(t, k) end end))
  end },
  { kind = "activate", resolve = function(ctx)
    ctx:mark(tostring({}) .. " " .. tostring(print or tostring) .. " " .. tostring(coroutine.create(function() end)))
  end },
  { kind = "activate", resolve = function(ctx)
    ctx:mark(tostring(collectgarbage and collectgarbage("count")))
  end },
} }
