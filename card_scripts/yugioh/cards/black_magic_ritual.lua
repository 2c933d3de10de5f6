-- Ritual Spell: Ritual Summon "Magician of Black Chaos" from your hand, Tributing monsters from your hand or field
-- whose Levels total 8 or more (its Level).
return {
  abilities = {
    { kind = "activate", label = "Ritual Summon",
      condition = function(ctx) return ctx:can_ritual_summon{ filter = { name = "Magician of Black Chaos" } } end,
      resolve = function(ctx) ctx:ritual_summon{ filter = { name = "Magician of Black Chaos" } } end },
  },
}
