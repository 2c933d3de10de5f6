-- Tainted Remedy: an opponent who would gain life loses that much instead.
return {
  abilities = {
    { kind = "replacement", label = "gain becomes loss", replaces = { event = "life_gain", player = "opponent" },
      instead = function(ctx, facts) facts.lose = true; return facts end },
  },
}
