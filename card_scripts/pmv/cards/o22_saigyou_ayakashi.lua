-- 西行妖 (original). 【世界呪符】, maintenance cost 1. (自動α) Your characters get +1 durability.
return {
  abilities = {
    { kind = "auto_alpha", label = "cherry of the netherworld",
      modify = { { attr = "durability", op = "add", value = 1,
                   affects = { zone = "field", player = "you", type = "character" } } } },
  },
}
