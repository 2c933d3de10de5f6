-- Fiendish Chain (Continuous Trap): target 1 face-up Effect Monster: while this card stays face-up on
-- the field, that monster's effects are negated while it is on the field and it cannot attack.
-- When that monster is destroyed, this card is destroyed (a monster that leaves another way leaves
-- this card on the field).
return {
  abilities = {
    { kind = "activate",
      targets = { { filter = { zone = "monster", face_up = true, effect_monster = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t and ctx:card(t).face_up then
          ctx:modify(t, { op = "negate", value = true, duration = "while_face_up" })
          ctx:modify(t, { op = "grant", value = "Cannot Attack", duration = "while_face_up" })
          ctx:bond(t, { monster = "destroyed" })
        end
      end },
  },
}
