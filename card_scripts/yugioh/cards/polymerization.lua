-- Polymerization (Normal Spell): Fusion Summon 1 Fusion Monster from your Extra Deck, using
-- materials from your hand or field (sent to the GY). The Summon is made by this Spell's effect:
-- it is answered by negating the Spell, not the Summon.
return {
  abilities = {
    { kind = "activate", label = "Fusion Summon",
      condition = function(ctx) return ctx:can_fusion_summon() end,
      resolve = function(ctx) ctx:fusion_summon() end },
  },
}
