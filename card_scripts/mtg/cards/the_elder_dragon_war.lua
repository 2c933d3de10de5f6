-- The Elder Dragon War (read ahead, 702.155). I: 2 damage to each creature and each opponent.
-- II: discard any number of cards, then draw that many. III: a 4/4 red Dragon token with flying.
return {
  abilities = {
    { kind = "chapter", chapter = 1, label = "Breath of war",
      resolve = function(ctx)
        for _, id in ipairs(ctx:cards({ zone = "battlefield", types = "Creature" })) do ctx:damage(id, 2) end
        ctx:damage("opponent", 2)
      end },
    { kind = "chapter", chapter = 2, label = "Rummage",
      resolve = function(ctx)
        local hand = ctx:cards({ zone = "hand", player = "you" })
        if #hand == 0 then return end
        local gone = ctx:choose({ from = hand, count = #hand, up_to = true, prompt = "discard any number" })
        for _, id in ipairs(gone) do ctx:move(id, "graveyard") end
        if #gone > 0 then ctx:draw(#gone) end
      end },
    { kind = "chapter", chapter = 3, label = "The dragon",
      resolve = function(ctx) ctx:create_token("Dragon Token") end },
  },
}
