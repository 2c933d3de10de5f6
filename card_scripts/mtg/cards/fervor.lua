-- Fervor: creatures its controller controls have haste (a static ability granting a keyword, layer 6).
return {
  abilities = {
    { kind = "static", modify = {
        { op = "grant", value = "Haste", affects = { zone = "battlefield", player = "you", types = "Creature" } } } },
  },
}
