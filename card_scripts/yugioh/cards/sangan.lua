-- Sangan: a mandatory "If" trigger. When it goes from the field to the GY (destroyed, Tributed,
-- sent by any cause), its controller adds a monster with 1500 or less ATK from their Deck to their
-- hand. "If" triggers never miss the timing (B3.1).
return {
  abilities = {
    { kind = "trigger", label = "search",
      trigger = { on = "moved", self = true, from = "monster", to = "graveyard" },
      resolve = function(ctx)
        local pick = ctx:search({ filter = { zone = "deck", player = "you", card_type = "Monster", max = { atk = 1500 } },
                                  prompt = "a monster with 1500 or less ATK to add to your hand" })
        if pick[1] then ctx:to_hand(pick[1]) end
        ctx:shuffle("deck")
      end },
  },
}
