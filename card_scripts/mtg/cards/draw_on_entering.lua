-- Cloudkin Seer, Elvish Visionary: when it enters the battlefield, its controller draws a card.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:draw(1) end },
  },
}
