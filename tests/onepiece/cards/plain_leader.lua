-- Plain Leader (test card, OP-07): [DON!! x1] [Your Turn] gains +1000 power. No object is named,
-- so the effect applies to this card (8-4-4-3).
return { abilities = {
  { kind = "permanent", don = 1, your_turn = true, modify = { { attr = "power", op = "add", value = 1000 } } },
} }
