-- Borderland Marauder: whenever it attacks, it gets +2/+0 until end of turn.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "attacks", self = true },
      resolve = function(ctx)
        if ctx:card().zone == "battlefield" then ctx:pump(ctx:self(), 2, 0) end
      end },
  },
}
