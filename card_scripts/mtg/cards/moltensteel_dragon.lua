-- Moltensteel Dragon (flying): {R/P} (red mana or 2 life): +1/+0 until end of turn.
return {
  abilities = {
    { kind = "activated", label = "firebreathing", cost = { { "mana", "{R/P}" } },
      resolve = function(ctx)
        if ctx:card().zone == "battlefield" then ctx:pump(ctx:self(), 1, 0) end
      end },
  },
}
