-- Electrodominance: X damage to any target; then you may cast a spell with mana value X or less
-- from your hand without paying its mana cost (118.9), even a sorcery (608.2g).
return {
  abilities = {
    { kind = "spell", target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx)
        ctx:damage(ctx:chosen_target(), ctx:x())
        ctx:cast_free(ctx:x())
      end },
  },
}
