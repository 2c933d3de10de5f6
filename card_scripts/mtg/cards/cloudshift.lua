-- Cloudshift: exile a creature you control, then return it under your control (a new object, 400.7).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", controller = "you", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:flicker(t, { under = "you" }) end
      end },
  },
}
