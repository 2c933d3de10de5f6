-- Dian Keto the Cure Master (Normal Spell): gain 1000 LP.
return { abilities = { { kind = "activate", resolve = function(ctx) ctx:gain_lp("you", 1000) end } } }
