-- Shaddoll Dragon. Only one of its effects per turn, and only once (by name, for its controller).
-- FLIP: you can return 1 targeted card the opponent controls to the hand.
-- If it is sent to the GY by a card effect (cause "effect": never by a cost, YGO-A12): you can
-- destroy 1 targeted Spell/Trap on the field.
return {
  abilities = {
    { kind = "flip", optional = true, once_per_turn_by_name = true, label = "bounce",
      targets = { { filter = { zone = { "monster", "spell_trap" }, player = "opponent" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:to_hand(t) end
      end },
    { kind = "trigger", optional = true, once_per_turn_by_name = true, zone = "graveyard", tags = { "destroy" },
      label = "destroy a Spell/Trap",
      trigger = { on = "moved", self = true, to = "graveyard", cause = "effect" },
      targets = { { filter = { zone = "spell_trap" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
