-- Clone: it may enter as a copy of a creature on the battlefield (707.2, 614.1c); without one it
-- enters as a 0/0 and dies (704.5f).
return {
  abilities = {
    { kind = "enters", copy = { types = "Creature" }, optional = true },
  },
}
