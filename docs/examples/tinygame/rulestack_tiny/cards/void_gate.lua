-- Void Gate: a card that would go to a discard pile leaves the game (the stack's "void") instead.
return {
  abilities = {
    { kind = "instead", replaces = { event = "moved", to = "discard" }, instead = { to = "hand" } },
  },
}
