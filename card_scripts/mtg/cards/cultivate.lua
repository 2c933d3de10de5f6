-- Cultivate: search the library for up to two basic land cards and reveal them; put one onto the
-- battlefield tapped and the other into the hand, then shuffle.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        local picks = ctx:choose({ filter = { zone = "library", player = "you", types = "Land", supertypes = "Basic" },
                                   count = 2, up_to = true, look = true, prompt = "up to two basic lands" })
        if #picks > 0 then
          ctx:reveal(picks)
          local land = picks[1]
          if #picks == 2 then
            land = ctx:choose_one({ from = picks, look = true, prompt = "the land to put onto the battlefield" })
          end
          for _, id in ipairs(picks) do
            if id == land then ctx:put_onto_battlefield(id, { tapped = true }) else ctx:move(id, "hand") end
          end
        end
        ctx:shuffle("library")
      end },
  },
}
