-- Life Listener (test card, OP-11): when a card is added to your hand from your Life, draw 1 card.
return { abilities = {
  { kind = "auto", trigger = { on = "moved", from = "life", to = "hand", owner = "you" },
    resolve = function(ctx) ctx:draw(1) end },
} }
