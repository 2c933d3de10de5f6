-- Dictate of the Twin Gods (flash): if a source would deal damage to a permanent or player, it
-- deals double that damage instead.
return {
  abilities = {
    { kind = "replacement", label = "double damage", replaces = { event = "damage" }, instead = { times = { n = 2 } } },
  },
}
