-- Monster Reborn (Normal Spell): Special Summon 1 targeted monster from either GY, in the battle
-- position its new controller chooses.
return {
  abilities = {
    { kind = "activate",
      requires = { { filter = { zone = "monster", player = "you" }, max = 4 } },   -- a free Monster Zone
      targets = { { filter = { zone = "graveyard", card_type = "Monster", revivable = true }, prompt = "a monster to revive" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:special_summon(t, { position = "choose" }) end
      end },
  },
}
