-- Echo Moth (test card): "When" this card is sent from the field to the GY: you can draw 1 card.
return { abilities = { { kind = "trigger", optional = true, wording = "when",
                         trigger = { on = "moved", self = true, from = "monster", to = "graveyard" },
                         resolve = function(ctx) ctx:draw(1) end } } }
