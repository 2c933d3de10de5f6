-- Time Ebb: put a creature on top of its owner's library.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:move(t, "library", { player = ctx:card(t).owner, position = "top" }) end
      end },
  },
}
