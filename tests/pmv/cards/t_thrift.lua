return { abilities = { { kind = "auto_alpha",
  modify = { { attr = "cost", op = "add", value = -1, affects = { zone = "hand", player = "you", type = "command" } } } } } }
