-- Grateful Apparition: whenever it deals combat damage to a player, proliferate.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "damaged", source_self = true, cause = "battle" },
      resolve = function(ctx) ctx:proliferate() end },
  },
}
