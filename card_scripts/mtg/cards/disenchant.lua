-- Disenchant, Naturalize: destroy an artifact or an enchantment (a list of types: either one).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = { "Artifact", "Enchantment" } } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
