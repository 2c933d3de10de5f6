-- Essence Flux: exile a creature its caster controls, then return that card to the battlefield
-- under its owner's control; if it is a Spirit, put a +1/+1 counter on it.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", player = "you", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        local back = ctx:flicker(t)
        if not back then return end
        for _, s in ipairs(ctx:value(back, "subtypes") or {}) do
          if s == "Spirit" then ctx:add_counters(back, "+1/+1", 1) return end
        end
      end },
  },
}
