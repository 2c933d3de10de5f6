-- Essence Scatter: counter a creature spell.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "stack", types = "Creature", other = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:counter(t) end
      end },
  },
}
