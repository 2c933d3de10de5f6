-- Dusk Legion Zealot: when it enters the battlefield, its controller draws a card and loses 1 life.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx)
        ctx:draw(1)
        ctx:lose_life(1)
      end },
  },
}
