-- Braingeyser: a target player draws X cards.
return {
  abilities = {
    { kind = "spell", target = { player = "any" },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if t then ctx:draw(ctx:x(), t.player) end
      end },
  },
}
