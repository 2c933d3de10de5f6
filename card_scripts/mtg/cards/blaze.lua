-- Blaze: X damage to any target (X is announced as it is cast, 601.2b).
return {
  abilities = {
    { kind = "spell", target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), ctx:x()) end },
  },
}
