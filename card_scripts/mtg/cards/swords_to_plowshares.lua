-- Swords to Plowshares: exile a creature; its controller gains life equal to its power (as it
-- last existed on the battlefield).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        local power = ctx:value(t, "power") or 0
        local controller = ctx:card(t).controller
        ctx:exile(t)
        ctx:gain_life(power, controller)
      end },
  },
}
