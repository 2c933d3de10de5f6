-- 陰陽玉 (original; the text of checklist case PMV-01). Three steps in order; a step that cannot be
-- applied stops the rest (12.2 in the seed).
return {
  abilities = {
    { kind = "play", label = "yin-yang orb",
      resolve = function(ctx)
        ctx:deal_damage(ctx:designate_one{ filter = { zone = "field", type = "character" } }, 2)
        ctx:to_hand(ctx:designate_one{ filter = { zone = "netherworld", player = "you", type = "character" } })
        ctx:draw(1)
      end },
  },
}
