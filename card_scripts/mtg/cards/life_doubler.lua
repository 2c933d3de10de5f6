-- Rhox Faithmender, Boon Reflection: if its controller would gain life, they gain twice that much
-- instead (614.1a; two of them make it four times).
return {
  abilities = {
    { kind = "replacement", label = "twice the life", replaces = { event = "life_gain", player = "you" },
      instead = { times = { n = 2 } } },
  },
}
