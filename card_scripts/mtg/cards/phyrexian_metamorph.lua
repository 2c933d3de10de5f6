-- Phyrexian Metamorph: it may enter as a copy of an artifact or creature on the battlefield,
-- except it is an artifact besides its other types (707.9: a copiable value of the copy too).
return {
  abilities = {
    { kind = "enters", copy = { types = { "Artifact", "Creature" } }, optional = true,
      except = { add_types = { "Artifact" } } },
  },
}
