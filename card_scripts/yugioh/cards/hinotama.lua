-- Hinotama (Normal Spell): inflict 500 damage to the opponent.
return { abilities = { { kind = "activate", resolve = function(ctx) ctx:damage("opponent", 500) end } } }
