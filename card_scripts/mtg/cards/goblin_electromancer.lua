-- Goblin Electromancer: instant and sorcery spells you cast cost {1} less (601.2f).
return {
  abilities = {
    { kind = "static", cost_change = { amount = -1, spells = { types = { "Instant", "Sorcery" } }, caster = "you" } },
  },
}
