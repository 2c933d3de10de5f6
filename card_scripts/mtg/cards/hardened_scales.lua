-- Hardened Scales: +1/+1 counters put on a creature you control come one more (614.1a).
return {
  abilities = {
    { kind = "replacement", label = "one more +1/+1 counter",
      replaces = { event = "counters_added", counter = "+1/+1",
                   filter = { zone = "battlefield", controller = "you", types = "Creature" } },
      instead = { add = { n = 1 } } },
  },
}
