-- Benalish Marshal: the controller's other creatures get +1/+1 (a static ability, layer 7c).
local others = { zone = "battlefield", player = "you", types = "Creature", other = true }
return {
  abilities = {
    { kind = "static", modify = {
        { attr = "power", op = "add", value = 1, affects = others },
        { attr = "toughness", op = "add", value = 1, affects = others } } },
  },
}
