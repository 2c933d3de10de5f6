-- Kalonian Hydra (trample): it enters with four +1/+1 counters (614.1c); whenever it attacks,
-- double the +1/+1 counters on each creature its controller controls.
return {
  abilities = {
    { kind = "enters", counters = { ["+1/+1"] = 4 } },
    { kind = "triggered", trigger = { on = "attacks", self = true },
      resolve = function(ctx)
        for _, id in ipairs(ctx:cards({ zone = "battlefield", player = "you", types = "Creature" })) do
          local n = ctx:card(id).counters["+1/+1"] or 0
          if n > 0 then ctx:add_counters(id, "+1/+1", n) end
        end
      end },
  },
}
