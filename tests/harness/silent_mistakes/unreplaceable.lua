-- Unreplaceable: the host replaces where a card moves, not damage.
return {
  abilities = {
    { kind = "instead", replaces = { event = "damaged" }, instead = { to = "hand" } },
  },
}
