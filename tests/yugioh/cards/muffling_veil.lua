-- Muffling Veil (test card): when a Spell Card is activated, negate its effect (the activation
-- stands: the link resolves and does nothing).
return { abilities = { { kind = "activate", tags = { "negate" },
                         when = { on = "link", card_type = "Spell", card_activation = true },
                         resolve = function(ctx)
                           local link = ctx:previous_link()
                           if link then ctx:negate_effect(link.id) end
                         end } } }
