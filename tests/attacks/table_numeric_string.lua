-- Numeric strings where the C functions expect integers: "1e12" is 10^12 elements to them.
local function endless() return setmetatable({}, { __index = function() return "x" end }) end
return { abilities = {
  { kind = "activate", resolve = function(ctx) return #table.concat(endless(), "", 1, "1e12") end },
  { kind = "activate", resolve = function(ctx) table.move(endless(), "1", "1e12", 2, {}) end },
  { kind = "activate", resolve = function(ctx) return #string.rep("", "1e15") end },
} }
