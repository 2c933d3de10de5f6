-- Flicker of Fate: exile a creature or enchantment, then return it under its owner's control.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = { "Creature", "Enchantment" } } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:flicker(t) end
      end },
  },
}
