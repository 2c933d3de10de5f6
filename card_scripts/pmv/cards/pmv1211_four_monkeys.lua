-- No.1211 四猿ちゃん (text ours). (自動γ) When another character of yours would become near-death, you may
-- put this character to sleep: negate that near-death, then return that character to its owner's hand.
-- At durability 0 or less the near-death cannot be negated (9.2.5), so the text stops there and the
-- character is not returned (Q&A 2013-11-13 with No.1280).
return {
  abilities = {
    { kind = "auto_gamma", label = "save a friend", optional = true, cost = { { "sleep_self" } },
      trigger = { on = "near_death_step", step = "would", filter = { player = "you", other = true } },
      resolve = function(ctx)
        local saved = ctx:event().card
        ctx:negate_near_death(saved)
        ctx:to_hand(saved)
      end },
  },
}
