-- Ledger Spell: does nothing when it resolves. Its cost is whatever the test composes.
return { abilities = { { kind = "spell", resolve = function(ctx) ctx:mark("resolved") end } } }
