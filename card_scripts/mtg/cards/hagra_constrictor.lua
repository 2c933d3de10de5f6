-- Hagra Constrictor: enters with two +1/+1 counters (614.1c); your creatures with a +1/+1
-- counter have menace (layer 6).
return {
  abilities = {
    { kind = "enters", counters = { ["+1/+1"] = 2 } },
    { kind = "static", modify = { { op = "grant", value = "Menace",
        affects = { zone = "battlefield", controller = "you", types = "Creature", counters = { ["+1/+1"] = 1 } } } } },
  },
}
