-- No.1280 西行寺 幽々子 (text ours). (自動α) Your opponent's characters get -3 durability.
return {
  abilities = {
    { kind = "auto_alpha", label = "call of the netherworld",
      modify = { { attr = "durability", op = "add", value = -3,
                   affects = { zone = "field", player = "opponent", type = "character" } } } },
  },
}
