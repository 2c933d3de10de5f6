-- Hidden Armory (Normal Spell). Cost: send the top card of your Deck to the GY. Add 1 Equip Spell
-- from your Deck or GY to your hand. You cannot Normal Summon or Set the turn you activate it
-- (an activation restriction: it cannot be activated after a Normal Summon or Set either).
return {
  abilities = {
    { kind = "activate", restriction = "no_normal_summon",
      requires = { { filter = { zone = { "deck", "graveyard" }, player = "you", card_type = "Spell", property = "Equip" } } },
      cost = { { kind = "send_to_gy", amount = 1, from = "deck_top" } },
      resolve = function(ctx)
        local pick = ctx:search({ filter = { zone = { "deck", "graveyard" }, player = "you", card_type = "Spell",
                                             property = "Equip" }, prompt = "an Equip Spell to add to your hand" })
        if pick[1] then ctx:to_hand(pick[1]) end
        ctx:shuffle("deck")
      end },
  },
}
