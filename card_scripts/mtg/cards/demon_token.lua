-- The Demon token of Rite of Belzenlok: at the beginning of its controller's upkeep, they
-- sacrifice another creature; if they can't, the Demon deals 6 damage to them.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "phase", step = "upkeep", player = "you" },
      resolve = function(ctx)
        local pick = ctx:choose_one({ filter = { zone = "battlefield", player = "you", types = "Creature", other = true },
                                      prompt = "sacrifice another creature" })
        if pick then ctx:sacrifice(pick) else ctx:damage("you", 6) end
      end },
  },
}
