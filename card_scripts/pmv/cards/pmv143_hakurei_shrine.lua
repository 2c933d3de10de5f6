-- No.143 博麗神社 (text ours). 【世界呪符】 (自動α) Your characters named 「博麗 霊夢」 get +1 attack.
-- A reference to a name matches any card whose name contains it (12.3.1): 符ノ壱"博麗 霊夢" is one;
-- this card, 博麗神社, is not (it contains only part of the name).
return {
  abilities = {
    { kind = "auto_alpha", label = "shrine of Reimu",
      modify = { { attr = "attack", op = "add", value = 1,
                   affects = { zone = "field", player = "you", type = "character", named = "博麗 霊夢" } } } },
  },
}
