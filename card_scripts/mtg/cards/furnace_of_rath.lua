-- Furnace of Rath: every source deals double damage to permanents and players (614.1a).
return {
  abilities = {
    { kind = "replacement", label = "double damage", replaces = { event = "damage" }, instead = { times = { n = 2 } } },
  },
}
