-- Tai Kamiya (ST1-12, Tamer). [Your Turn] all of your Digimon get +1000 DP. Its [Security]
-- (play this card without paying its cost) is a keyword in the card data.
return {
  abilities = {
    { kind = "static", your_turn = true,
      affects = { zone = "battle_area", player = "you", category = { "digimon", "digi_egg" } },
      modify = { { attr = "dp", op = "add", value = 1000 } } },
  },
}
