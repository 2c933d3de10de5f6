-- Gaia Force (ST1-16, Option). [Main] delete 1 of your opponent's Digimon. Its [Security]
-- (activate this card's [Main]) is a keyword in the card data.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = { "digimon", "digi_egg" } },
                                   count = 1, prompt = "delete" }
        if #chosen > 0 then ctx:delete(chosen[1]) end
      end },
  },
}
