-- Pyroclasm: 2 damage to each creature (the creatures are those on the battlefield as it
-- resolves; the state-based actions see all the damage at once afterwards).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        for _, id in ipairs(ctx:cards({ zone = "battlefield", player = "any", types = "Creature" })) do
          ctx:damage(id, 2)
        end
      end },
  },
}
