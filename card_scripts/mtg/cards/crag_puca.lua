-- Crag Puca: {U/R} (blue or red mana): switch its power and toughness until end of turn (layer
-- 7d, after every other change; two switches cancel out).
return {
  abilities = {
    { kind = "activated", label = "switch", cost = { { "mana", "{U/R}" } },
      resolve = function(ctx)
        if ctx:card().zone == "battlefield" then
          ctx:modify(ctx:self(), { attr = "power", op = "swap", value = "toughness", duration = "until_end_of_turn" })
        end
      end },
  },
}
