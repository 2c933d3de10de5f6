-- Merfolk Trickster (flash): when it enters, tap a creature an opponent controls; it loses all
-- abilities until end of turn.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      targets = { { filter = { zone = "battlefield", player = "opponent", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        ctx:tap(t)
        ctx:modify(t, { op = "remove_abilities", duration = "until_end_of_turn" })
      end },
  },
}
