-- Helm of Awakening: every spell, whoever casts it, costs {1} less (only generic mana is reduced).
return {
  abilities = {
    { kind = "static", cost_change = { amount = -1, spells = {}, caster = "any" } },
  },
}
