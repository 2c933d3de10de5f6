-- Garudamon (ST1-08). [When Digivolving] one of your Digimon gets +3000 DP for the turn.
return {
  abilities = {
    { kind = "when_digivolving",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "battle_area", player = "you", category = { "digimon", "digi_egg" } },
                                   count = 1, prompt = "+3000 DP for the turn" }
        if #chosen > 0 then ctx:effect(chosen, { attr = "dp", op = "add", value = 3000, duration = "this_turn" }) end
      end },
  },
}
