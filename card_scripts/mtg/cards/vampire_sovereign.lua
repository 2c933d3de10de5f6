-- Vampire Sovereign (flying): when it enters the battlefield, a target opponent loses 3 life and
-- its controller gains 3 life (life loss, not damage).
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      target = { player = "opponent" },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if not t then return end
        ctx:lose_life(3, t.player)
        ctx:gain_life(3)
      end },
  },
}
