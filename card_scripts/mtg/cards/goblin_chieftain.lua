-- Goblin Chieftain (haste): the other Goblin creatures its controller controls get +1/+1 (layer
-- 7c) and have haste (layer 6).
local goblins = { zone = "battlefield", player = "you", types = "Creature", subtypes = "Goblin", other = true }
return {
  abilities = {
    { kind = "static", modify = {
        { attr = "power", op = "add", value = 1, affects = goblins },
        { attr = "toughness", op = "add", value = 1, affects = goblins },
        { op = "grant", value = "Haste", affects = goblins } } },
  },
}
