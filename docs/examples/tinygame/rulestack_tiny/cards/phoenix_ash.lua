-- Phoenix Ash: when an effect (not a cost) puts it into the discard pile from your hand, draw a card.
return {
  abilities = {
    { kind = "when", zone = { "hand", "discard" },
      trigger = { on = "moved", self = true, from = "hand", to = "discard", cause = "effect" },
      resolve = function(ctx) ctx:draw(1) end },
  },
}
