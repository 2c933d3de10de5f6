return { abilities = { { kind = "auto", your_turn = true, label = "[Your Turn] when one of your Digimon attacks",
  trigger = { on = "attack_declared", player = "you" },
  resolve = function(ctx) ctx:to_hand(ctx:attack().attacker) end } } }
