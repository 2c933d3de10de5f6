-- Exclude: counter a creature spell, then draw a card. (A countered target is still there to
-- counter; if the target became illegal the whole spell does nothing, 608.2b, draw included.)
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "stack", types = "Creature", other = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:counter(t) end
        ctx:draw(1)
      end },
  },
}
