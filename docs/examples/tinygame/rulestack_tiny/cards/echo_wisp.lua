-- Echo Wisp: has toughness 0 while you control no other unit.
return {
  abilities = {
    { kind = "static",
      condition = function(ctx)
        return ctx:count({ zone = "field", player = "you", type = "unit", other = true }) == 0
      end,
      modify = { { attr = "toughness", op = "set", value = 0 } } },
  },
}
