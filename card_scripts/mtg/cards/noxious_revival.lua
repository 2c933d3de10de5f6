-- Noxious Revival: put a card from any graveyard on top of its owner's library.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "graveyard", player = "any" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:move(t, "library", { player = ctx:card(t).owner, position = "top" }) end
      end },
  },
}
