-- Test card: every Swamp is a Forest (its land subtypes replaced, layer 4).
return {
  abilities = {
    { kind = "static", modify = {
        { attr = "subtypes", op = "set", value = { "Forest" }, layer = "type",
          affects = { zone = "battlefield", player = "any", subtypes = "Swamp" } } } },
  },
}
