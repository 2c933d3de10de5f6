-- Call of the Haunted (Continuous Trap): Special Summon 1 targeted monster from your GY in Attack
-- Position. The two are bound: when this card leaves the field (by any means) the monster is
-- destroyed; when the monster is destroyed this card is destroyed. A monster that leaves some other
-- way (banished, returned to the hand) leaves this card on the field with nothing to do.
return {
  abilities = {
    { kind = "activate",
      requires = { { filter = { zone = "monster", player = "you" }, max = 4 } },   -- a free Monster Zone
      targets = { { filter = { zone = "graveyard", player = "you", card_type = "Monster", revivable = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t and ctx:special_summon(t, { position = "attack" }) then ctx:bond(t, { this = "leaves", monster = "destroyed" }) end
      end },
  },
}
