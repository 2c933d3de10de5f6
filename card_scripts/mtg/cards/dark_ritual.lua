-- Dark Ritual: add {B}{B}{B} to your mana pool (106.4); it empties as the step ends (500.4).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:add_mana("BBB") end },
  },
}
