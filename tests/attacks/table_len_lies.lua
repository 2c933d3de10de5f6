-- A __len that answers 1 the first time (to a guard) and 2^40 afterwards (to the C function).
local function liar()
  local calls = 0
  return setmetatable({}, { __index = function() return "x" end, __newindex = function() end,
    __len = function() calls = calls + 1; if calls == 1 then return 1 end; return 2 ^ 40 end })
end
return { abilities = {
  { kind = "activate", resolve = function(ctx) table.insert(liar(), 1, "x") end },
  { kind = "activate", resolve = function(ctx) table.remove(liar(), 1) end },
  { kind = "activate", resolve = function(ctx) table.sort(liar()) end },
  { kind = "activate", resolve = function(ctx) return #table.concat(liar()) end },
  { kind = "activate", resolve = function(ctx) return select("#", table.unpack(liar())) end },
} }
