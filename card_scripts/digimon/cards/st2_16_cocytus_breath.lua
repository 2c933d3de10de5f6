-- Cocytus Breath (ST2-16, Option). [Main] return one of your opponent's Digimon to its owner's
-- hand; its digivolution cards are trashed. Its [Security] (activate this card's [Main]) is a
-- keyword in the card data.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = { "digimon", "digi_egg" } },
                                   count = 1, prompt = "return to its owner's hand" }
        if #chosen > 0 then ctx:to_hand(chosen[1]) end
      end },
  },
}
