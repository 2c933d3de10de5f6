-- Axe of Despair (Equip Spell): the equipped monster gains 1000 ATK (the "equip" data below).
-- When this face-up card goes from the field to the GY: you can Tribute 1 monster (cost) to place
-- this card on top of your Deck ("When": it can miss the timing). The cost is a Tribute, as the
-- official text says (it once read "1 card from your hand on top of the Deck": AUDIT.md).
return {
  equip = { atk = 1000 },
  abilities = {
    { kind = "activate",
      targets = { { filter = { zone = "monster", face_up = true }, prompt = "a monster to equip" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:equip(t) end
      end },
    { kind = "trigger", optional = true, wording = "when", zone = "spell_trap", label = "back to the Deck",
      trigger = { on = "moved", self = true, from = "spell_trap", to = "graveyard", was_face_up = true },
      cost = { { kind = "tribute", amount = 1 } },
      resolve = function(ctx)
        if ctx:card().zone == "graveyard" then ctx:to_deck(ctx:self(), "top") end
      end },
  },
}
