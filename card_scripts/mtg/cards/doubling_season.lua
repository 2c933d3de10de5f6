-- Doubling Season: an effect creating tokens under its controller's control creates twice as
-- many; an effect putting counters on a permanent they control puts twice as many. (The card
-- leaves counters put as a cost alone; no card of this pool puts counters as a cost.)
return {
  abilities = {
    { kind = "replacement", label = "twice the tokens",
      replaces = { event = "create_tokens", player = "you" },
      instead = { times = { n = 2 } } },
    { kind = "replacement", label = "twice the counters",
      replaces = { event = "counters_added", filter = { controller = "you", zone = "battlefield" } },
      instead = { times = { n = 2 } } },
  },
}
