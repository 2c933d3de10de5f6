-- Torbran, Thane of Red Fell: if a red source its controller controls would deal damage to an
-- opponent or to a permanent an opponent controls, it deals that much damage plus 2 instead.
local function red_source_of_mine(ctx, facts)
  if facts.player ~= ctx:opponent() then return false end
  for _, id in ipairs(ctx:cards({ zone = { "battlefield", "stack" }, player = "you", color = "R" })) do
    if id == facts.source then return true end
  end
  return false
end
return {
  abilities = {
    { kind = "replacement", label = "2 more damage", replaces = { event = "damage" },
      condition = red_source_of_mine, instead = { add = { n = 2 } } },
  },
}
