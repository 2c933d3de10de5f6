-- Fireblast: 4 damage to any target; its caster may sacrifice two Mountains rather than pay its
-- mana cost (an alternative cost, 118.9).
local any_target = { card = { zone = "battlefield", types = "Creature" }, player = "any" }
local function blast(ctx) ctx:damage(ctx:chosen_target(), 4) end
return {
  abilities = {
    { kind = "spell", target = any_target, resolve = blast },
    { kind = "spell", alternative = true, label = "sacrifice two Mountains",
      cost = { { "sacrifice", 2, { filter = { subtypes = "Mountain" } } } },
      target = any_target, resolve = blast },
  },
}
