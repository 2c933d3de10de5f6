-- Pelakka Wurm (trample): when it enters the battlefield, its controller gains 7 life; when it
-- dies, they draw a card (a leaves-the-battlefield trigger, looking back, 603.10a).
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:gain_life(7) end },
    { kind = "triggered", trigger = { on = "moved", self = true, from = "battlefield", to = "graveyard" },
      resolve = function(ctx) ctx:draw(1) end },
  },
}
