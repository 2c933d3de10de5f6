-- Lost Zone: Tiny's units are on the "field".
return {
  abilities = {
    { kind = "spell",
      targets = { { filter = { zone = "feild" } } },
      resolve = function(ctx) ctx:damage(ctx:target(), 1) end },
  },
}
