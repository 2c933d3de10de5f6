-- Ovinize: until end of turn a creature loses all abilities (layer 6) and has base power and
-- toughness 0/1 (layer 7b).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        ctx:modify(t, { op = "remove_abilities", duration = "until_end_of_turn" })
        ctx:modify(t, { attr = "power", op = "set", value = 0, duration = "until_end_of_turn" })
        ctx:modify(t, { attr = "toughness", op = "set", value = 1, duration = "until_end_of_turn" })
      end },
  },
}
