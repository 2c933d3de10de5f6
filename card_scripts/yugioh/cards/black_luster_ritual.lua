-- Ritual Spell: Ritual Summon "Black Luster Soldier" from your hand, Tributing monsters from your hand or field
-- whose Levels total 8 or more (its Level).
return {
  abilities = {
    { kind = "activate", label = "Ritual Summon",
      condition = function(ctx) return ctx:can_ritual_summon{ filter = { name = "Black Luster Soldier" } } end,
      resolve = function(ctx) ctx:ritual_summon{ filter = { name = "Black Luster Soldier" } } end },
  },
}
