-- Dryad Militant ({G/W}): if an instant or sorcery card would be put into a graveyard from
-- anywhere, it is exiled instead (a replacement effect, 614.1a).
return {
  abilities = {
    { kind = "replacement", label = "exile spells",
      replaces = { event = "moved", to = "graveyard", filter = { types = { "Instant", "Sorcery" } } },
      instead = { to = "exile" } },
  },
}
