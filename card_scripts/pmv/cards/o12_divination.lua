-- 占い (original; checklist case PMV-15 b). Look at the top 3 cards of your deck and put them back in
-- any order. A number is given, so the deck is not shuffled (3.2.5.a, 3.2.5.b).
return {
  abilities = {
    { kind = "play", label = "divination",
      resolve = function(ctx)
        local seen = ctx:look_at_deck(3)
        ctx:put_on_top(ctx:order(seen))
      end },
  },
}
