-- Fiery Emancipation: if a source its controller controls would deal damage to a permanent or
-- player, it deals triple that damage instead.
local function mine(ctx, facts)
  for _, id in ipairs(ctx:cards({ zone = { "battlefield", "stack" }, player = "you" })) do
    if id == facts.source then return true end
  end
  return false
end
return {
  abilities = {
    { kind = "replacement", label = "triple damage", replaces = { event = "damage" },
      condition = mine, instead = { times = { n = 3 } } },
  },
}
