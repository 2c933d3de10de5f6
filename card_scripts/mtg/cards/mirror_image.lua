-- Mirror Image: it may enter as a copy of a creature its controller controls (707.2, 614.1c);
-- without one it enters as a 0/0 and dies (704.5f).
return {
  abilities = {
    { kind = "enters", copy = { types = "Creature", controller = "you" }, optional = true },
  },
}
