-- Gabumon (ST2-03). Inherited: [When Attacking] trash the bottom digivolution card of one of your
-- opponent's Digimon of level 5 or lower.
return {
  abilities = {
    { kind = "when_attacking", inherited = true,
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = { "digimon", "digi_egg" },
                                              max = { level = 5 } },
                                   count = 1, prompt = "trash its bottom digivolution card" }
        if #chosen > 0 then ctx:trash_sources(chosen[1], 1, "bottom") end
      end },
  },
}
