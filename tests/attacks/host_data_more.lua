-- Push data the host keeps or records: nested too deep, a memory too big, log lines longer than
-- a line, and a flood of records. Each is refused by name (the per-card budgets hold).
local function nest(n) local t = {}; local cur = t; for _ = 1, n do cur.x = {}; cur = cur.x end; return t end
return { abilities = {
  { kind = "activate", resolve = function(ctx) ctx:record("deep", { v = nest(200) }) end },
  { kind = "activate", resolve = function(ctx)
      local big = {}; for i = 1, 5000 do big["k" .. i] = i end
      ctx:remember("big", big) end },
  { kind = "activate", resolve = function(ctx) ctx:log(("x"):rep(10000)) end },
  { kind = "activate", resolve = function(ctx)
      for i = 1, 100000 do ctx:record("flood", { i = i, pad = ("p"):rep(400) }) end end },
  { kind = "activate", resolve = function(ctx) ctx:record("\27[2J\nP1 wins", {}) end },
} }
