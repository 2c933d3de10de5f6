-- Pegasus Courser (flying): whenever it attacks, another attacking creature (targeted as the
-- trigger goes on the stack, 603.3d) gains flying until end of turn.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "attacks", self = true },
      targets = { { filter = { zone = "battlefield", types = "Creature", status = { attacking = true }, other = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:modify(t, { op = "grant", value = "Flying", duration = "until_end_of_turn" }) end
      end },
  },
}
