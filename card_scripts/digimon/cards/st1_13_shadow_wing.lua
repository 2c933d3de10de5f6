-- Shadow Wing (ST1-13, Option). [Main] one of your Digimon gets +3000 DP for the turn.
-- [Security] all of your Digimon gain <Security Attack +1> until the end of your next turn.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "battle_area", player = "you", category = { "digimon", "digi_egg" } },
                                   count = 1, prompt = "+3000 DP for the turn" }
        if #chosen > 0 then ctx:effect(chosen, { attr = "dp", op = "add", value = 3000, duration = "this_turn" }) end
      end },
    { kind = "security",
      resolve = function(ctx)
        -- the Digimon on the field now (a Digimon played later doesn't gain it)
        local mine = ctx:cards{ zone = "battle_area", player = "you", category = { "digimon", "digi_egg" } }
        if #mine > 0 then
          ctx:effect(mine, { attr = "security_attack", op = "add", value = 1, duration = "until_end_of_your_next_turn" })
        end
      end },
  },
}
