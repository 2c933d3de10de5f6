-- Macro Cosmos (Continuous Trap): while it is face-up, any other card that would be sent to a GY is
-- banished instead. So a cost that sends a card to the GY cannot be paid as written (YGO-A13). (Its
-- option to Special Summon "Helios - The Primordial Sun" is not implemented: no Helios in the pool.)
return {
  abilities = {
    { kind = "activate" },
    { kind = "replacement", replaces = { event = "moved", to = "graveyard", self = false }, instead = { to = "banished" } },
  },
}
