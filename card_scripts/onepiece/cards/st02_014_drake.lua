-- X.Drake (ST02-014). [DON!! x1] [Your Turn]: while this Character is rested, your {Supernovas} and
-- {Navy} Leader and Characters get +1000 power.
return {
  abilities = {
    { kind = "permanent", don = 1, your_turn = true,
      condition = function(ctx) return ctx:card().status.rested == true end,
      modify = { { attr = "power", op = "add", value = 1000,
                   affects = { zone = { "leader", "character" }, player = "you",
                               types = { "Supernovas", "Navy" } } } } },
  },
}
