-- Formula Synchron (Synchro Tuner). When Synchro Summoned: you may draw 1 card.
-- (Its Quick Effect, a Synchro Summon during the opponent's Main Phase, is not modelled.)
return {
  abilities = {
    { kind = "trigger", optional = true, wording = "when", label = "draw", trigger = { on = "summoned", self = true, how = "synchro" },
      resolve = function(ctx) ctx:draw(1) end },
  },
}
