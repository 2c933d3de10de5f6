-- Starlight Explosion (ST1-14, Option). [Main] all of your Security Digimon get +7000 DP until
-- the end of your opponent's next turn. [Security] the same, for the turn.
local security_digimon = { zone = "no_area", player = "you", category = "digimon" }
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        ctx:effect(security_digimon, { attr = "dp", op = "add", value = 7000, duration = "until_end_of_opponents_next_turn" })
      end },
    { kind = "security",
      resolve = function(ctx)
        ctx:effect(security_digimon, { attr = "dp", op = "add", value = 7000, duration = "this_turn" })
      end },
  },
}
