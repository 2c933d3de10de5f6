-- Thragtusk: when it enters the battlefield, its controller gains 5 life; when it leaves the
-- battlefield (to any zone: dies, exiled, bounced), they create a 3/3 green Beast token.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:gain_life(5) end },
    { kind = "triggered", trigger = { on = "moved", self = true, from = "battlefield" },
      resolve = function(ctx) ctx:create_token("Beast Token") end },
  },
}
