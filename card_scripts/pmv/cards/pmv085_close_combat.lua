-- No.085 近接戦闘 (text ours). 【〔1 character of yours〕 gets +2 attack until end of turn.】 The whole
-- effect is in 【 】: negating this card's effect does not stop it (QA-102).
return {
  abilities = {
    { kind = "play", label = "close combat", unnegatable = true,
      resolve = function(ctx)
        ctx:add(ctx:designate_one{ filter = { zone = "field", player = "you", type = "character" } }, { attack = 2 })
      end },
  },
}
