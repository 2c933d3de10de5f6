-- Pyretic Ritual: add {R}{R}{R} to its caster's mana pool.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:add_mana("RRR") end },
  },
}
