-- Yavimaya, Cradle of Growth: every land is a Forest besides its other land types (layer 4).
return {
  abilities = {
    { kind = "static", modify = {
        { attr = "subtypes", op = "include", value = { "Forest" }, layer = "type",
          affects = { zone = "battlefield", player = "any", types = "Land" } } } },
  },
}
