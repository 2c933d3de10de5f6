-- Discard Watcher: whenever a card goes to a discard pile or the stack, or a card of cost 2 moves
-- from the field, nothing happens.
return {
  abilities = {
    { kind = "when", trigger = { on = "moved", to = { "discard", "stack" } }, resolve = function(ctx) end },
    { kind = "when", trigger = { on = "moved", from = "field", cost = 2 }, resolve = function(ctx) end },
  },
}
