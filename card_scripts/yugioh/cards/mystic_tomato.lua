-- Mystic Tomato: like Giant Rat, for a DARK monster with 1500 or less ATK ("When ... : You can").
return {
  abilities = {
    { kind = "trigger", optional = true, wording = "when", label = "call a friend",
      trigger = { on = "moved", self = true, from = "monster", to = "graveyard", cause = "battle" },
      resolve = function(ctx)
        local pick = ctx:search({ filter = { zone = "deck", player = "you", card_type = "Monster", attribute = "DARK",
                                             max = { atk = 1500 } },
                                  prompt = "a DARK monster with 1500 or less ATK to Special Summon" })
        if pick[1] then ctx:special_summon(pick[1], { position = "attack" }) end
        ctx:shuffle("deck")
      end },
  },
}
