-- Night Watch (test card): [End of Your Turn] draw 1 card.
return { abilities = {
  { kind = "end_of_your_turn", resolve = function(ctx) ctx:draw(1) end },
} }
