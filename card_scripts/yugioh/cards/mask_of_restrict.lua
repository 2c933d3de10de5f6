-- Mask of Restrict (Continuous Trap): neither player can Tribute cards (for a Summon or as a cost).
return {
  abilities = {
    { kind = "activate" },
    { kind = "continuous", forbids = { "tribute" }, affects = { zone = "monster" } },
  },
}
