-- Make one C library call do far more work than its instructions say: a separator that
-- amplifies rep and concat, a __tostring / __index metamethod that loops or recurses, a gsub
-- replacement table whose __index loops, a backtracking pattern, an inconsistent comparator.
return { abilities = {
  { kind = "activate", resolve = function(ctx) local s = ("x"):rep(10000, ("y"):rep(10000)) end },
  { kind = "activate", resolve = function(ctx)
      local t = {}; for i = 1, 1000 do t[i] = "a" end
      local s = table.concat(t, ("z"):rep(100000)) end },
  { kind = "activate", resolve = function(ctx)
      tostring(setmetatable({}, { __tostring = function() while true do end end })) end },
  { kind = "activate", resolve = function(ctx)
      local t = setmetatable({}, {}); getmetatable(t).__index = function(tt, k) return tt[k] end
      return t.x end },
  { kind = "activate", resolve = function(ctx)
      ("a"):rep(1000):gsub("a", setmetatable({}, { __index = function() while true do end end })) end },
  { kind = "activate", resolve = function(ctx)
      local s = ("a"):rep(5000); s:find(("a?"):rep(40) .. ("a"):rep(40) .. "b") end },
  { kind = "activate", resolve = function(ctx)
      local t = {}; for i = 1, 2000 do t[i] = i % 17 end
      local ok = pcall(table.sort, t, function(a, b) return true end)
      ctx:mark(ok and "sorted" or "refused") end },
  { kind = "activate", resolve = function(ctx) ctx:mark(string.format("%099d", 7):sub(-3)) end },
} }
