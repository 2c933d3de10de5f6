-- Wrath of God, Day of Judgment: destroy every creature (701.8). All are destroyed at once:
-- the list is taken before the first one goes. (Regeneration, which Wrath forbids, does not
-- exist in this card pool.)
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        for _, id in ipairs(ctx:cards({ zone = "battlefield", player = "any", types = "Creature" })) do
          ctx:destroy(id)
        end
      end },
  },
}
