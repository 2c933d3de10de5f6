-- Thrifty Reader (test card): [Activate: Main] [Once Per Turn] ① and trash 1 card from your hand: draw 1.
return { abilities = {
  { kind = "activate_main", once_per_turn = true, cost = { { "don", 1 }, { "trash_hand", 1 } },
    resolve = function(ctx) ctx:draw(1) end },
} }
