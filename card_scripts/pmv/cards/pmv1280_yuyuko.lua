-- No.1280 西行寺 幽々子 (text ours). (自動α) Your opponent's sleeping characters get -3 durability. A
-- character enters the field asleep (C2), so one with durability 3 or less put onto the opponent's
-- field becomes near-death at once, with durability 0 or less: it cannot be saved (9.2.5; the
-- Q&A of 2013-11-13 with No.1211 四猿ちゃん).
return {
  abilities = {
    { kind = "auto_alpha", label = "call of the netherworld",
      modify = { { attr = "durability", op = "add", value = -3,
                   affects = { zone = "field", player = "opponent", type = "character", status = { sleep = true } } } } },
  },
}
