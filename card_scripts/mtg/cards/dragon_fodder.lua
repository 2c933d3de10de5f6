-- Dragon Fodder: two 1/1 red Goblin tokens.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:create_token("Goblin Token", 2) end },
  },
}
