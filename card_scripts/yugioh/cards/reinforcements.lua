-- Reinforcements (Normal Trap): 1 targeted face-up monster gains 500 ATK until the end of the turn.
-- It changes ATK, so it may be activated in the Damage Step until damage calculation (tag atk_def).
return {
  abilities = {
    { kind = "activate", tags = { "atk_def" },
      targets = { { filter = { zone = "monster", face_up = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t and ctx:card(t).face_up then
          ctx:modify(t, { attr = "atk", op = "add", value = 500, duration = "until_end_of_turn" })
        end
      end },
  },
}
