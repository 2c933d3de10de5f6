-- Ash Courier (test card, YGO-03): send 1 card from your hand to the GY (cost); draw 1 card.
return { abilities = { { kind = "activate", cost = { { kind = "send_to_gy", amount = 1, from = "hand" } },
                         resolve = function(ctx) ctx:draw(1) end } } }
