-- Force of Will: counter a spell; instead of its mana cost, its controller may pay 1 life and
-- exile a blue card from their hand (an alternative cost, 118.9).
local function counter(ctx)
  local t = ctx:target()
  if t then ctx:counter(t) end
end
local spell = { { filter = { zone = "stack", other = true } } }
return {
  abilities = {
    { kind = "spell", targets = spell, resolve = counter },
    { kind = "spell", alternative = true, label = "pay 1 life, exile a blue card",
      cost = { { "pay_life", 1 }, { "exile_from_hand", 1, { filter = { color = "U" } } } },
      targets = spell, resolve = counter },
  },
}
