-- Test Lore Surge: two lore counters at once on a Saga.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", subtypes = "Saga" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:add_lore(2, t) end
      end },
  },
}
