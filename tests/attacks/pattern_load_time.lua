-- The long-set pattern in the card's top-level code.
local s = string.rep("a", 3000)
local found = s:find("[" .. string.rep("b", 3000) .. "a]*c")
return { abilities = { { kind = "activate", resolve = function(ctx) return found end } } }
