-- Stream of Life: a target player gains X life.
return {
  abilities = {
    { kind = "spell", target = { player = "any" },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if t then ctx:gain_life(ctx:x(), t.player) end
      end },
  },
}
