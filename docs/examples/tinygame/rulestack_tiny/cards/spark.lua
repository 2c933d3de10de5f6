-- Spark: deal 1 damage to a unit (target chosen when cast).
return {
  abilities = {
    { kind = "spell", cost = { { "energy", 1 } },
      targets = { { filter = { zone = "field", type = "unit" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:damage(t, 1) end
      end },
  },
}
