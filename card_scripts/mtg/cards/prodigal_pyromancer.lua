-- Prodigal Pyromancer: {T}: 1 damage to any target.
return {
  abilities = {
    { kind = "activated", label = "ping", cost = { { "tap" } },
      target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 1) end },
  },
}
