-- Rampant Growth: search the library for a basic land card, put it onto the battlefield tapped,
-- then shuffle.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        local pick = ctx:choose({ filter = { zone = "library", player = "you", types = "Land", supertypes = "Basic" },
                                  count = 1, up_to = true, look = true, prompt = "a basic land onto the battlefield" })
        if pick[1] then ctx:put_onto_battlefield(pick[1], { tapped = true }) end
        ctx:shuffle("library")
      end },
  },
}
