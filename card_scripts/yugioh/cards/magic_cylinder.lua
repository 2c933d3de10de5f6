-- Magic Cylinder (Normal Trap): when an opponent's monster declares an attack, target it: negate the
-- attack, and if that happens, inflict damage equal to its ATK to the opponent.
return {
  abilities = {
    { kind = "activate", when = { on = "attack_declared", player = "opponent" },
      targets = { { filter = { zone = "monster", attacking = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t and ctx:negate_attack() then ctx:damage("opponent", ctx:value(t, "atk") or 0) end
      end },
  },
}
