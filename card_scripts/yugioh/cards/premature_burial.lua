-- Premature Burial (Equip Spell). Cost: 800 LP. Target 1 monster in your GY: Special Summon it in
-- Attack Position and equip it with this card. When this card is destroyed, that monster is
-- destroyed (a bond, not a chain link); if this card leaves the field another way (returned to the
-- hand, banished), the monster stays. If this card leaves the field before its activation
-- resolves, nothing is summoned (a lasting card must stay on the field to resolve, B3.1); a
-- negated activation keeps the 800 LP paid (YGO-09).
return {
  abilities = {
    { kind = "activate",
      requires = { { filter = { zone = "monster", player = "you" }, max = 4 } },   -- a free Monster Zone
      cost = { { "pay_lp", 800 } },
      targets = { { filter = { zone = "graveyard", player = "you", card_type = "Monster", revivable = true }, prompt = "a monster to revive" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t and ctx:special_summon(t, { position = "attack" }) then
          ctx:equip(t)
          ctx:bond(t, { this = "destroyed" })
        end
      end },
  },
}
