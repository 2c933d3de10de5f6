-- Toll Sprite (test card, YGO-11): when Normal Summoned: you can pay 500 LP (cost); draw 1 card.
return { abilities = { { kind = "trigger", optional = true, trigger = { on = "summoned", self = true, how = "normal" },
                         cost = { { "pay_lp", 500 } },
                         resolve = function(ctx) ctx:draw(1) end } } }
