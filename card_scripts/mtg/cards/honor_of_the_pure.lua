-- Honor of the Pure: white creatures its controller controls get +1/+1 (a static ability, layer
-- 7c; a filter, so a creature that becomes white or arrives later is included).
local mine = { zone = "battlefield", player = "you", types = "Creature", color = "W" }
return {
  abilities = {
    { kind = "static", modify = {
        { attr = "power", op = "add", value = 1, affects = mine },
        { attr = "toughness", op = "add", value = 1, affects = mine } } },
  },
}
