-- Sanji (ST01-004). [DON!! x2]: this Character has [Rush] (10-1-1).
return {
  abilities = {
    { kind = "permanent", don = 2, modify = { { op = "grant", value = "Rush" } } },
  },
}
