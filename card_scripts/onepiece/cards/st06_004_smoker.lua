-- Smoker (ST06-004). Effects cannot K.O. this Character. [DON!! x1]: while any Character has a
-- cost of 0 (or less), this Character has [Double Attack] (10-1-2).
return {
  abilities = {
    { kind = "permanent", modify = { { attr = "ko_immune", op = "set", value = "effect" } } },
    { kind = "permanent", don = 1,
      condition = function(ctx)
        return ctx:count{ zone = "character", player = "any", max = { cost = 0 } } > 0
      end,
      modify = { { op = "grant", value = "Double Attack" } } },
  },
}
