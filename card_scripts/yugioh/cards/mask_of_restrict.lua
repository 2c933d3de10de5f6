-- Mask of Restrict (Continuous Trap): neither player can Tribute cards, wherever the card is (on the
-- field or in the hand; for a Summon or as a cost).
return {
  abilities = {
    { kind = "activate" },
    { kind = "continuous", forbids = { "tribute" }, affects = {} },
  },
}
