-- Nami (ST01-007). [Activate: Main] [Once Per Turn]: give your Leader or one of your Characters up
-- to 1 rested DON!!.
return {
  abilities = {
    { kind = "activate_main", once_per_turn = true,
      resolve = function(ctx) ctx:give_don(1) end },
  },
}
