-- Vizier of Remedies: if one or more -1/-1 counters would be put on a creature its controller
-- controls, that many minus one are put on it instead.
return {
  abilities = {
    { kind = "replacement", label = "one fewer -1/-1 counter",
      replaces = { event = "counters_added", counter = "-1/-1", filter = { controller = "you", types = "Creature" } },
      instead = { add = { n = -1 } } },
  },
}
