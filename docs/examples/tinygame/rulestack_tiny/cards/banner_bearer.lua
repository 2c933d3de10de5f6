-- Banner Bearer: your other units get +1 power.
return {
  abilities = {
    { kind = "static",
      modify = { { attr = "power", op = "add", value = 1,
                   affects = { zone = "field", player = "you", type = "unit", other = true } } } },
  },
}
