-- Hand Offering (test card): Tribute 1 monster from your hand (cost); draw 1 card.
return { abilities = { { kind = "activate", cost = { { kind = "tribute", amount = 1, from = "hand" } },
                         resolve = function(ctx) ctx:draw(1) end } } }
