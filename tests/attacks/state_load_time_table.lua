-- Keep state in a table built at load time (and in a global table): the write is refused by
-- name at this line (the card must use ctx:remember), the action is rolled back, and the table is
-- as loaded for the next call, which can still read it.
local seen = {}
Memory = { calls = 0 }
return { abilities = {
  { kind = "activate", resolve = function(ctx) seen[#seen + 1] = ctx:self() end },
  { kind = "activate", resolve = function(ctx) Memory.calls = Memory.calls + 1 end },
  { kind = "activate", resolve = function(ctx)
      local ok = pcall(table.insert, seen, 1)
      local ok2 = pcall(rawset, Memory, "calls", 5)
      ctx:mark(#seen .. " " .. Memory.calls .. " " .. tostring(ok) .. " " .. tostring(ok2))
    end },
} }
