-- Sphere of Resistance: every spell, whoever casts it, costs {1} more.
return {
  abilities = {
    { kind = "static", cost_change = { amount = 1, spells = {}, caster = "any" } },
  },
}
