-- Solemn Judgment (Counter Trap): when a monster would be Summoned, or a Spell/Trap Card is
-- activated: pay half your LP (cost); negate the Summon or the activation, and if that happens,
-- destroy that card.
return {
  abilities = {
    { kind = "activate", tags = { "negate", "negate_summon", "destroy" },
      condition = function(ctx)
        local link = ctx:previous_link()
        if link then
          return link.card_activation and (link.card_type == "Spell" or link.card_type == "Trap")
        end
        return ctx:summoning() ~= nil
      end,
      cost = { { "pay_lp", "half" } },
      resolve = function(ctx)
        local link = ctx:previous_link()
        if link then ctx:negate_and_destroy(link.id) else ctx:negate_summon() end
      end },
  },
}
