-- Test card: every Forest is a Swamp (its land subtypes replaced, layer 4).
return {
  abilities = {
    { kind = "static", modify = {
        { attr = "subtypes", op = "set", value = { "Swamp" }, layer = "type",
          affects = { zone = "battlefield", player = "any", subtypes = "Forest" } } } },
  },
}
