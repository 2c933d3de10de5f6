return { abilities = {
  { kind = "auto_alpha", label = "【+1 attack】", unnegatable = true, modify = { { attr = "attack", op = "add", value = 1 } } },
  { kind = "auto_alpha", label = "+1 durability", modify = { { attr = "durability", op = "add", value = 1 } } },
} }
