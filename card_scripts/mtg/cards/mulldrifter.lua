-- Mulldrifter: when it enters, draw two cards. Evoke {2}{U} (702.74a): it may be cast for {2}{U}
-- instead of its mana cost; when it enters, if it was evoked, its controller sacrifices it.
local enters = { on = "moved", self = true, to = "battlefield" }
return {
  abilities = {
    { kind = "spell", evoke = { { "mana", "{2}{U}" } } },
    { kind = "triggered", label = "draw two", trigger = enters,
      resolve = function(ctx) ctx:draw(2) end },
    { kind = "triggered", label = "evoked: sacrifice it",
      trigger = { on = "moved", self = true, to = "battlefield", cast_as = "evoke" },
      resolve = function(ctx) ctx:sacrifice() end },
  },
}
