-- Rest in Peace: when it enters, exile every graveyard; anything going to a graveyard is exiled
-- instead (a zone-change replacement, 614.1a).
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx)
        for _, id in ipairs(ctx:cards({ zone = "graveyard" })) do ctx:exile(id) end
      end },
    { kind = "replacement", label = "exile instead", replaces = { event = "moved", to = "graveyard" },
      instead = { to = "exile" } },
  },
}
