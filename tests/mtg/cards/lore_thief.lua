-- Test Lore Thief: remove a lore counter from a Saga.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", subtypes = "Saga" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:remove_counters(t, "lore", 1) end
      end },
  },
}
