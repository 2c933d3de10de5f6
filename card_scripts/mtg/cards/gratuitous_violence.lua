-- Gratuitous Violence: if a creature its controller controls would deal damage to a permanent or
-- player, it deals double that damage instead.
local function my_creature(ctx, facts)
  for _, id in ipairs(ctx:cards({ zone = "battlefield", player = "you", types = "Creature" })) do
    if id == facts.source then return true end
  end
  return false
end
return {
  abilities = {
    { kind = "replacement", label = "double damage", replaces = { event = "damage" },
      condition = my_creature, instead = { times = { n = 2 } } },
  },
}
