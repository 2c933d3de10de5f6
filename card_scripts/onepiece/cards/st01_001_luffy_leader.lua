-- Monkey.D.Luffy (ST01-001, Leader). [Activate: Main] [Once Per Turn]: give this Leader or one of
-- your Characters up to 1 rested DON!! (6-5-5, 10-2-13). The receiver is chosen at resolution (8-4-4).
return {
  abilities = {
    { kind = "activate_main", once_per_turn = true,
      resolve = function(ctx) ctx:give_don(1) end },
  },
}
