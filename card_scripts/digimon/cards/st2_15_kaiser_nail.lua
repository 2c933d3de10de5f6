-- Kaiser Nail (ST2-15, Option). [Main] choose a Digimon card among the digivolution cards of one
-- of your Digimon and play it as another Digimon without paying its memory cost. Its [Security]
-- (activate this card's [Main]) is a keyword in the card data.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        local under = {}
        for _, id in ipairs(ctx:cards{ zone = "battle_area", player = "you" }) do
          for _, s in ipairs(ctx:sources(id)) do
            if ctx:card(s).category == "digimon" then under[#under + 1] = s end
          end
        end
        local chosen = ctx:choose{ from = under, count = 1, prompt = "play without paying its cost" }
        if #chosen > 0 then ctx:play_free(chosen[1]) end
      end },
  },
}
