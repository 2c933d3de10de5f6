-- Eager Recruit (test card): [On Play] draw 1 card.
return { abilities = {
  { kind = "on_play", resolve = function(ctx) ctx:draw(1) end },
} }
