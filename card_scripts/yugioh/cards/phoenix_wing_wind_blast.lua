-- Phoenix Wing Wind Blast (Normal Trap). Cost: discard 1 card. Place 1 targeted card the opponent
-- controls on top of the Deck. The discarded card moves as a cost, never by an effect (YGO-04).
return {
  abilities = {
    { kind = "activate",
      cost = { { kind = "discard", amount = 1 } },
      targets = { { filter = { zone = { "monster", "spell_trap" }, player = "opponent" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:to_deck(t, "top") end
      end },
  },
}
