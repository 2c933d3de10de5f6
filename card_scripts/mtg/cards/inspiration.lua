-- Inspiration: a target player draws two cards.
return {
  abilities = {
    { kind = "spell", target = { player = "any" },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if t then ctx:draw(2, t.player) end
      end },
  },
}
