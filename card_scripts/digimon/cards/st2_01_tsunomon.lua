-- Tsunomon (ST2-01, Digi-Egg). Inherited: [Your Turn] while this Digimon battles an opponent's
-- Digimon with no digivolution cards, it gets +1000 DP.
return {
  abilities = {
    { kind = "static", inherited = true, your_turn = true,
      condition = function(ctx)
        local attack, me = ctx:attack(), ctx:digimon()
        if attack == nil or me == nil or attack.attacker ~= me or attack.target == nil then return false end
        return #ctx:sources(attack.target) == 0
      end,
      modify = { { attr = "dp", op = "add", value = 1000 } } },
  },
}
