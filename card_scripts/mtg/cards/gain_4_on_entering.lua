-- Inspiring Cleric, Lone Missionary: when it enters the battlefield, its controller gains 4 life
-- (an enters-the-battlefield trigger, 603.6a).
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:gain_life(4) end },
  },
}
