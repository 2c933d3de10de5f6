-- Stray Filter Key: no card has "powr".
return {
  abilities = {
    { kind = "spell",
      targets = { { filter = { zone = "field", powr = 2 } } },
      resolve = function(ctx) ctx:damage(ctx:target(), 2) end },
  },
}
