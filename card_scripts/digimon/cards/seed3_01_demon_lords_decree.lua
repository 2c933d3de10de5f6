-- Demon Lords' Decree (the seed's 9-1-3 example). [Main] By trashing 1 card in your hand (an
-- optional processing condition, 15-7), delete 1 of your opponent's level 6 or lower Digimon; if
-- the trashed card has the [Seven Great Demon Lords] trait, place this card in the battle area.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        if #ctx:cards{ zone = "hand", player = "you" } == 0 then return end
        if not ctx:yes_no("Trash 1 card in your hand to delete a level 6 or lower Digimon?") then return end
        local trashed = ctx:trash_from_hand(1)
        if #trashed == 0 then return end
        local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = { "digimon", "digi_egg" },
                                              max = { level = 6 } },
                                   count = 1, prompt = "delete" }
        if #chosen > 0 then ctx:delete(chosen[1]) end
        local traits = ctx:card(trashed[1]).traits or {}
        for _, t in ipairs(traits) do
          if t == "Seven Great Demon Lords" then ctx:place_in_battle_area() return end
        end
      end },
  },
}
