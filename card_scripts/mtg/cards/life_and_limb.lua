-- Life and Limb: every Forest and every Saproling is a 1/1 green Saproling creature and a Forest
-- land besides its other types (layers 4, 5 and 7b). What it applies to depends on effects that
-- make things Forests (613.8a): those apply first.
local forests_and_saprolings = { zone = "battlefield", player = "any", subtypes = { "Forest", "Saproling" } }
return {
  abilities = {
    { kind = "static", affects = forests_and_saprolings, modify = {
        { attr = "types", op = "include", value = { "Creature", "Land" }, layer = "type" },
        { attr = "subtypes", op = "include", value = { "Saproling", "Forest" }, layer = "type" },
        { attr = "colors", op = "set", value = { "G" }, layer = "color" },
        { attr = "power", op = "set", value = 1 },
        { attr = "toughness", op = "set", value = 1 } } },
  },
}
