-- Junk Synchron (Tuner). When Normal Summoned: you may target 1 Level 2 or lower monster in your GY
-- and Special Summon it in Defense Position; its effects are negated.
return {
  abilities = {
    { kind = "trigger", optional = true, wording = "when", label = "revive a Level 2 or lower monster",
      trigger = { on = "summoned", self = true, how = { "normal" } },
      targets = { { filter = { zone = "graveyard", player = "you", card_type = "Monster", max = { level = 2 }, revivable = true },
                    prompt = "a Level 2 or lower monster" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:special_summon(t, { position = "defense", negated = true }) end
      end },
  },
}
