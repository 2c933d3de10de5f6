-- Costly Reader (test card, OP-01): [Activate: Main] ② and trash 1 card from your hand: draw 2.
return { abilities = {
  { kind = "activate_main", cost = { { "don", 2 }, { "trash_hand", 1 } }, resolve = function(ctx) ctx:draw(2) end },
} }
