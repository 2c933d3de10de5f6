-- Monster Reborn (Normal Spell): Special Summon 1 targeted monster from either GY, in the battle
-- position its new controller chooses.
return {
  abilities = {
    { kind = "activate",
      condition = function(ctx) return ctx:count({ zone = "monster", player = "you" }) < 5 end,
      targets = { { filter = { zone = "graveyard", card_type = "Monster" }, prompt = "a monster to revive" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:special_summon(t, { position = "choose" }) end
      end },
  },
}
