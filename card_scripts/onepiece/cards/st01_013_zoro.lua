-- Roronoa Zoro (ST01-013). [DON!! x1]: this Character gets +1000 power (a permanent effect, 8-1-3-4).
return {
  abilities = {
    { kind = "permanent", don = 1, modify = { { attr = "power", op = "add", value = 1000 } } },
  },
}
