-- Test Lance of Zeal: 3 damage to a creature; if this spell would deal damage to a creature, it
-- deals 2 more instead: a self-replacement effect (614.15), chosen before any other (616.1a).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:damage(t, 3) end
      end },
    { kind = "replacement", category = "self", zone = "stack", label = "2 more",
      replaces = { event = "damage", target = "creature" },
      condition = function(ctx, facts) return facts.source == ctx:self() end,
      instead = { add = { n = 2 } } },
  },
}
