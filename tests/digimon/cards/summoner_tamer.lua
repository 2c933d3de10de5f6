return { abilities = { { kind = "auto", your_turn = true, label = "[Your Turn] when one of your Digimon attacks",
  trigger = { on = "attack_declared", player = "you" },
  resolve = function(ctx)
    for _, id in ipairs(ctx:cards{ zone = "hand", player = "you", name = "Red Rookie" }) do ctx:play_free(id) return end
  end } } }
