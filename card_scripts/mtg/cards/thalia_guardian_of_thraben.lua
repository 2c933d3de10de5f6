-- Thalia, Guardian of Thraben: noncreature spells cost {1} more (601.2f), whoever casts them.
return {
  abilities = {
    { kind = "static", cost_change = { amount = 1, spells = { not_types = "Creature" }, caster = "any" } },
  },
}
