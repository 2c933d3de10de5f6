-- Seething Song: add {R}{R}{R}{R}{R} to its caster's mana pool (106.4; it empties as the step ends).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:add_mana("RRRRR") end },
  },
}
