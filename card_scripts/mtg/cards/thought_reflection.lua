-- Thought Reflection: each card you would draw is two instead (121.6, 614.1a).
return {
  abilities = {
    { kind = "replacement", label = "draw two instead", replaces = { event = "draw", player = "you" },
      instead = { times = { n = 2 } } },
  },
}
