-- Gravedigger: when it enters the battlefield, its controller may return a creature card from
-- their graveyard to their hand ("up to one" target, chosen as the trigger goes on the stack).
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      targets = { { filter = { zone = "graveyard", player = "you", types = "Creature" }, count = 1, up_to = true } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:move(t, "hand") end
      end },
  },
}
