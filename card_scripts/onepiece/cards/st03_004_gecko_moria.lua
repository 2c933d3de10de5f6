-- Gecko Moria (ST03-004). [On Play]: add up to 1 {The Seven Warlords of the Sea} or {Thriller Bark
-- Pirates} Character card with cost 4 or less from your trash to your hand; a card named
-- [Gecko Moria] may not be chosen.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        local ids = {}
        for _, id in ipairs(ctx:cards{ zone = "trash", player = "you", category = "character", max = { cost = 4 },
                                       types = { "The Seven Warlords of the Sea", "Thriller Bark Pirates" } }) do
          if ctx:card(id).name ~= "Gecko Moria" then ids[#ids + 1] = id end
        end
        local chosen = ctx:choose{ from = ids, count = 1, up_to = true, prompt = "add to your hand" }
        if #chosen > 0 then ctx:move(chosen[1], "hand") end
      end },
  },
}
