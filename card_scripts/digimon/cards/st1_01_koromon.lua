-- Koromon (ST1-01, Digi-Egg). Inherited: [Your Turn] while this Digimon has 4 or more
-- digivolution cards, it gets +1000 DP.
return {
  abilities = {
    { kind = "static", inherited = true, your_turn = true,
      condition = function(ctx) return #ctx:sources(ctx:digimon()) >= 4 end,
      modify = { { attr = "dp", op = "add", value = 1000 } } },
  },
}
