-- Anointed Procession: effects create twice as many tokens under your control (614.1a).
return {
  abilities = {
    { kind = "replacement", label = "twice as many tokens",
      replaces = { event = "create_tokens", player = "you" }, instead = { times = { n = 2 } } },
  },
}
