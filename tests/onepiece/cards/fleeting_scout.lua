-- Fleeting Scout (test card): [On Play] return this Character to its owner's hand.
return { abilities = {
  { kind = "on_play", resolve = function(ctx) ctx:move(ctx:self(), "hand") end },
} }
