-- Man-o'-War: when it enters the battlefield, return a creature (any: it may be itself, the only
-- one there) to its owner's hand. The target is chosen as the trigger goes on the stack (603.3d).
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:return_to_hand(t) end
      end },
  },
}
