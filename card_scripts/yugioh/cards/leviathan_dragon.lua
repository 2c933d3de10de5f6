-- Number 17: Leviathan Dragon (Xyz). Once per turn (Ignition): detach 1 material (cost); this card
-- gains 500 ATK (while it stays face-up). While it has no material, it cannot attack directly.
return {
  abilities = {
    { kind = "ignition", once_per_turn = true, label = "gain 500 ATK",
      cost = { { kind = "detach", amount = 1 } },
      resolve = function(ctx)
        if ctx:card(ctx:self()).zone == "monster" then
          ctx:modify(ctx:self(), { attr = "atk", op = "add", value = 500, duration = "while_face_up" })
        end
      end },
    { kind = "continuous", forbids = { "attack_directly" },
      affects = { self = true, where = function(ctx, id) return #ctx:materials() == 0 end } },
  },
}
