-- Shield Bearer (test card): [Blocker] (a keyword in the card data). [On Block] draw 1 card.
return { abilities = {
  { kind = "on_block", resolve = function(ctx) ctx:draw(1) end },
} }
