-- Event Watcher (test card, OP-08): when your opponent activates an Event, draw 1 card. "Activates
-- an Event" is card activation, using an Event from hand (8-5-4), not an effect activation.
return { abilities = {
  { kind = "auto", trigger = { on = "activated", card_activation = true, player = "opponent" },
    resolve = function(ctx) ctx:draw(1) end },
} }
