-- Grave Tithe Beast (test card, YGO-10): mandatory trigger when Normal Summoned: banish 1 card from
-- your GY (cost); draw 1 card.
return { abilities = { { kind = "trigger", trigger = { on = "summoned", self = true, how = "normal" },
                         cost = { { kind = "banish", amount = 1, from = "graveyard" } },
                         resolve = function(ctx) ctx:draw(1) end } } }
