-- Study Golem (test card, YGO-05): you can discard 1 card (cost); draw 1 card.
return { abilities = { { kind = "ignition", cost = { { kind = "discard", amount = 1 } },
                         resolve = function(ctx) ctx:draw(1) end } } }
