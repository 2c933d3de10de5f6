-- Bloodletter of Aclazotz (flying): during your turn an opponent who would lose life loses twice
-- that much instead (damage included: it makes them lose life, 120.3a).
return {
  abilities = {
    { kind = "replacement", label = "twice the loss", replaces = { event = "life_loss", player = "opponent" },
      condition = function(ctx, facts) return ctx:active_player() == ctx:controller() end,
      instead = { times = { n = 2 } } },
  },
}
