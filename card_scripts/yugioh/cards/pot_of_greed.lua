-- Pot of Greed (Normal Spell): draw 2 cards.
return { abilities = { { kind = "activate", resolve = function(ctx) ctx:draw(2) end } } }
