-- Call of the Haunted (Continuous Trap): Special Summon 1 targeted monster from your GY in Attack
-- Position. The two are bound: if this card leaves the field the monster is destroyed, and if the
-- monster leaves the field this card is destroyed.
return {
  abilities = {
    { kind = "activate",
      requires = { { filter = { zone = "monster", player = "you" }, max = 4 } },   -- a free Monster Zone
      targets = { { filter = { zone = "graveyard", player = "you", card_type = "Monster" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t and ctx:special_summon(t, { position = "attack" }) then ctx:bond(t, "mutual") end
      end },
  },
}
