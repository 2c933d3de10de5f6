-- Dress Down (flash): when it enters, draw a card; creatures lose all abilities (layer 6); at the
-- beginning of the end step, sacrifice it.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:draw(1) end },
    { kind = "static", modify = { { op = "remove_abilities", affects = { zone = "battlefield", types = "Creature" } } } },
    { kind = "triggered", trigger = { on = "phase", step = "end" },
      resolve = function(ctx) ctx:sacrifice() end },
  },
}
