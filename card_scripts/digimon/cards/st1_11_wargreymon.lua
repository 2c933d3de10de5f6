-- WarGreymon (ST1-11). [Your Turn] this Digimon gains <Security Attack +1> for every 2
-- digivolution cards it has.
return {
  abilities = {
    { kind = "static", your_turn = true,
      modify = { { attr = "security_attack", op = "add",
                   value = function(ctx) return #ctx:sources(ctx:self()) // 2 end } } },
  },
}
