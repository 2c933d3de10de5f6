-- Glorious Anthem: the controller's creatures get +1/+1 (a static ability, layer 7c).
local mine = { zone = "battlefield", player = "you", types = "Creature" }
return {
  abilities = {
    { kind = "static", modify = {
        { attr = "power", op = "add", value = 1, affects = mine },
        { attr = "toughness", op = "add", value = 1, affects = mine } } },
  },
}
