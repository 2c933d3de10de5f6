-- The lying __len in the card's top-level code: `rulestack check` and building a game run it.
local calls = 0
local t = setmetatable({}, { __len = function() calls = calls + 1; if calls == 1 then return 2 end; return 2 ^ 40 end,
  __index = function() return 1 end, __newindex = function() end })
table.sort(t)
return { abilities = { { kind = "activate", resolve = function(ctx) end } } }
