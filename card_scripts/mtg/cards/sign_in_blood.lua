-- Sign in Blood: a target player draws two cards and loses 2 life.
return {
  abilities = {
    { kind = "spell", target = { player = "any" },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if not t then return end
        ctx:draw(2, t.player)
        ctx:lose_life(2, t.player)
      end },
  },
}
