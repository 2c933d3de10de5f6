-- Eustass"Captain"Kid (ST02-001, Leader). [Activate: Main] [Once Per Turn] ③ and trash 1 card from
-- your hand: set this Leader as active.
return {
  abilities = {
    { kind = "activate_main", once_per_turn = true, cost = { { "don", 3 }, { "trash_hand", 1 } },
      resolve = function(ctx) ctx:set_active(ctx:self()) end },
  },
}
