-- Goblin Warchief: Goblin spells its controller casts cost {1} less (601.2f), and the Goblin
-- creatures they control have haste (layer 6).
return {
  abilities = {
    { kind = "static", cost_change = { amount = -1, spells = { subtypes = "Goblin" }, caster = "you" } },
    { kind = "static", modify = {
        { op = "grant", value = "Haste", affects = { zone = "battlefield", player = "you", types = "Creature", subtypes = "Goblin" } } } },
  },
}
