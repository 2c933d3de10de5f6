-- Personal Sanctuary: during its controller's turn, prevent all damage that would be dealt to
-- them (a prevention effect, 615).
return {
  abilities = {
    { kind = "replacement", label = "prevent damage to you", replaces = { event = "damage", target = "player", player = "you" },
      condition = function(ctx, facts) return ctx:active_player() == ctx:controller() end,
      instead = { prevent = true } },
  },
}
