-- Animate Land: until end of turn, a land becomes a 3/3 creature that is still a land (layers 4
-- and 7b). A land played this turn stays unable to attack or {T}, mana included (302.6).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Land" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        ctx:modify(t, { attr = "types", op = "include", value = "Creature", layer = "type",
                        duration = "until_end_of_turn" })
        ctx:modify(t, { attr = "power", op = "set", value = 3, duration = "until_end_of_turn" })
        ctx:modify(t, { attr = "toughness", op = "set", value = 3, duration = "until_end_of_turn" })
      end },
  },
}
