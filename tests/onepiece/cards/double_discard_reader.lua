-- Double Discard Reader (test card): [Activate: Main] [Once Per Turn] trash 1 card from your hand,
-- then trash 1 more: draw 2 cards.
return { abilities = {
  { kind = "activate_main", once_per_turn = true, cost = { { "trash_hand", 1 }, { "trash_hand", 1 } },
    resolve = function(ctx) ctx:draw(2) end },
} }
