-- Unsummon: return a creature to its owner's hand.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:return_to_hand(t) end
      end },
  },
}
