-- Late Verdict (test card): while a Spell Card's activation is anywhere on the chain, negate the
-- activation of the lowest such link (not only the previous one).
local function first_spell(ctx)
  for _, it in ipairs(ctx:stack()) do
    if it.card_activation and ctx:card(it.card).card_type == "Spell" then return it end
  end
end
return { abilities = { { kind = "activate", tags = { "negate" },
                         condition = function(ctx) return first_spell(ctx) ~= nil end,
                         resolve = function(ctx)
                           local it = first_spell(ctx)
                           if it then ctx:negate_activation(it.id) end
                         end } } }
