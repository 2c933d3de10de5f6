-- Seven Tools of the Bandit (Counter Trap): when a Trap Card is activated: pay 1000 LP (cost); negate
-- the activation, and if that happens, destroy that card. The 1000 LP stay paid even if this card is
-- itself negated (YGO-A18, YGO-01).
return {
  abilities = {
    { kind = "activate", tags = { "negate", "destroy" },
      when = { on = "link", card_type = "Trap", card_activation = true },
      cost = { { "pay_lp", 1000 } },
      resolve = function(ctx)
        local link = ctx:previous_link()
        if link then ctx:negate_and_destroy(link.id) end
      end },
  },
}
