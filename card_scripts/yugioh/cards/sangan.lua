-- Sangan (current errata): a mandatory "If" trigger. If it is sent from the field to the GY
-- (destroyed, Tributed, sent by any cause), its controller adds a monster with 1500 or less ATK from
-- their Deck to their hand, and for the rest of this turn cannot activate cards, or the effects of
-- cards, with the added card's name. This effect of "Sangan" can be used only once per turn (by
-- name). "If" triggers never miss the timing (B3.1).
return {
  abilities = {
    { kind = "trigger", label = "search", once_per_turn_by_name = true,
      trigger = { on = "moved", self = true, from = "monster", to = "graveyard" },
      resolve = function(ctx)
        local pick = ctx:search({ filter = { zone = "deck", player = "you", card_type = "Monster", max = { atk = 1500 } },
                                  prompt = "a monster with 1500 or less ATK to add to your hand" })
        if pick[1] then
          ctx:to_hand(pick[1])
          ctx:lock_name(ctx:card(pick[1]).name)
        end
        ctx:shuffle("deck")
      end },
  },
}
