-- No.774 眠れる恐怖チーム (text ours). Attack X / durability X, X = the cards in your 冥界. The
-- value is a variable: it is fixed before changes apply (6.1.10, QA-356), so a "change" wins.
local function x(ctx) return ctx:count{ zone = "netherworld", player = "you" } end
return {
  abilities = {
    { kind = "auto_alpha", label = "X/X",
      modify = { { attr = "attack", op = "set", layer = "variable", value = x },
                 { attr = "durability", op = "set", layer = "variable", value = x } } },
  },
}
