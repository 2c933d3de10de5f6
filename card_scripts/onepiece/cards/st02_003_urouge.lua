-- Urouge (ST02-003). [DON!! x1]: while you have 3 or more Characters, this Character gets +2000 power.
return {
  abilities = {
    { kind = "permanent", don = 1,
      condition = function(ctx) return ctx:count{ zone = "character", player = "you" } >= 3 end,
      modify = { { attr = "power", op = "add", value = 2000 } } },
  },
}
