-- Giga Destroyer (ST1-15, Option). [Main] delete up to 2 of your opponent's Digimon with
-- 4000 DP or less. Its [Security] (activate this card's [Main]) is a keyword in the card data.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = "digimon",
                                              max = { dp = 4000 } },
                                   count = 2, up_to = true, prompt = "delete (up to 2)" }
        for _, id in ipairs(chosen) do ctx:delete(id) end
      end },
  },
}
