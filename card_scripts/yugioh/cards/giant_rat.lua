-- Giant Rat: an optional "When ... : You can" trigger, so it misses the timing unless being
-- destroyed by battle was the last thing to happen. Special Summons an EARTH monster with 1500
-- or less ATK from the Deck in Attack Position.
return {
  abilities = {
    { kind = "trigger", optional = true, wording = "when", label = "call a friend",
      trigger = { on = "moved", self = true, from = "monster", to = "graveyard", cause = "battle" },
      resolve = function(ctx)
        local pick = ctx:search({ filter = { zone = "deck", player = "you", card_type = "Monster", attribute = "EARTH",
                                             max = { atk = 1500 } },
                                  prompt = "an EARTH monster with 1500 or less ATK to Special Summon" })
        if pick[1] then ctx:special_summon(pick[1], { position = "attack" }) end
        ctx:shuffle("deck")
      end },
  },
}
