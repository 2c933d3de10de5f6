-- 夢想封印 (original; checklist case PMV-02 a). 〔All of your opponent's characters〕 take 1 damage; an
-- "all" step succeeds even when some take none (seed, 12.2), so the life is gained.
return {
  abilities = {
    { kind = "play", label = "fantasy seal",
      resolve = function(ctx)
        ctx:deal_damage(ctx:all{ zone = "field", player = "opponent", type = "character" }, 1)
        ctx:gain_life(1)
      end },
  },
}
