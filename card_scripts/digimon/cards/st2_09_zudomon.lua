-- Zudomon (ST2-09). [When Digivolving] trash the bottom 2 digivolution cards of one of your
-- opponent's Digimon.
return {
  abilities = {
    { kind = "when_digivolving",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = { "digimon", "digi_egg" } },
                                   count = 1, prompt = "trash its bottom 2 digivolution cards" }
        if #chosen > 0 then ctx:trash_sources(chosen[1], 2, "bottom") end
      end },
  },
}
