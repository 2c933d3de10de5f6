-- Twin Offering Golem (test card, YGO-02): Tribute 2 monsters (cost); draw 1 card.
return { abilities = { { kind = "ignition", cost = { { kind = "tribute", amount = 2 } },
                         resolve = function(ctx) ctx:draw(1) end } } }
