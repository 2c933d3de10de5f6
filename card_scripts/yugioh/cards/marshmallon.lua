-- Marshmallon: cannot be destroyed by battle (a continuous restriction). If it is attacked while
-- face-down, after damage calculation the attacking player takes 1000 damage (mandatory).
return {
  abilities = {
    { kind = "continuous", forbids = { "destroy_by_battle" } },
    { kind = "trigger", label = "sting",
      trigger = { on = "damage_calculated", attacked = true, face_down = true },
      resolve = function(ctx)
        local ev = ctx:event()
        ctx:damage(ev.player, 1000)
      end },
  },
}
