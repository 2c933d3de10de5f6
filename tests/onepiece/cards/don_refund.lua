-- DON Refund (test card): [Activate: Main] DON!! -1 (return 1 of your DON!! on the field to your
-- DON!! deck, 8-3-1-6): draw 1 card.
return { abilities = {
  { kind = "activate_main", cost = { { "don_minus", 1 } }, resolve = function(ctx) ctx:draw(1) end },
} }
