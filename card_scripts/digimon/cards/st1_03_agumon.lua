-- Agumon (ST1-03). Inherited: [Your Turn] this Digimon gets +1000 DP.
return {
  abilities = {
    { kind = "static", inherited = true, your_turn = true, modify = { { attr = "dp", op = "add", value = 1000 } } },
  },
}
