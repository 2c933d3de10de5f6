-- Mind Rot: a target player discards two cards (of their choice; all of them if they have fewer).
return {
  abilities = {
    { kind = "spell", target = { player = "any" },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if not t then return end
        local picks = ctx:choose({ filter = { zone = "hand", player = t.player }, count = 2, player = t.player,
                                   prompt = "discard two cards" })
        for _, id in ipairs(picks) do ctx:move(id, "graveyard") end
      end },
  },
}
