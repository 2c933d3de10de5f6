-- Diabolic Edict: a target player sacrifices a creature of their choice.
return {
  abilities = {
    { kind = "spell", target = { player = "any" },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if not t then return end
        local pick = ctx:choose_one({ filter = { zone = "battlefield", player = t.player, types = "Creature" },
                                      player = t.player, prompt = "sacrifice a creature" })
        if pick then ctx:sacrifice(pick) end
      end },
  },
}
