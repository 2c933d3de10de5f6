-- Notion Thief (flash): an opponent's draws, but the first of their draw step (the rule's draw),
-- are skipped and its controller draws instead (121.6, 614.1a).
return {
  abilities = {
    { kind = "replacement", label = "steal the draw", replaces = { event = "draw", player = "opponent" },
      condition = function(ctx, facts) return facts.cause ~= "rule" end,
      instead = function(ctx, facts) facts.player = ctx:controller(); return facts end },
  },
}
