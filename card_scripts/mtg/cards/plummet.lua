-- Plummet: destroy a creature with flying.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature", keyword = "Flying" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
