-- Number 39: Utopia (Xyz). When a monster declares an attack: you may detach 1 material (cost) to
-- negate the attack. If it is chosen as an attack target while it has no material: destroy it.
return {
  abilities = {
    { kind = "quick", label = "negate an attack", tags = { "negate_attack" },
      when = { on = "attack_declared" },
      cost = { { kind = "detach", amount = 1 } },
      resolve = function(ctx) ctx:negate_attack() end },
    { kind = "trigger", label = "destroyed when attacked with no material",
      trigger = { on = "attack_declared" },
      condition = function(ctx)
        local e = ctx:event()
        return e.target == ctx:self() and #ctx:materials() == 0
      end,
      resolve = function(ctx) ctx:destroy(ctx:self()) end },
  },
}
