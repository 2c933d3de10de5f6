-- Cruel Edict: a target opponent sacrifices a creature; that player chooses which, as the spell
-- resolves (701.21a: a player can sacrifice only a permanent they control).
return {
  abilities = {
    { kind = "spell", target = { player = "opponent" },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if not t then return end
        local pick = ctx:choose_one({ filter = { zone = "battlefield", player = t.player, types = "Creature" },
                                      player = t.player, prompt = "sacrifice a creature" })
        if pick then ctx:sacrifice(pick) end
      end },
  },
}
