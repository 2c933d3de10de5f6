-- Angel of Mercy (flying): when it enters the battlefield, its controller gains 3 life.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:gain_life(3) end },
  },
}
