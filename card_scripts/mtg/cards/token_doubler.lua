-- Anointed Procession, Parallel Lives: if an effect would create one or more tokens under its
-- controller's control, it creates twice that many instead (614.1a; several double again, 616.1).
return {
  abilities = {
    { kind = "replacement", label = "twice the tokens",
      replaces = { event = "create_tokens", player = "you" },
      instead = { times = { n = 2 } } },
  },
}
