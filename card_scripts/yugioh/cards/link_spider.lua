-- Link Spider (Link-1). Once per turn (Ignition): you may Special Summon 1 Level 4 or lower Normal
-- Monster from your hand (to a zone this card points to: zone geometry is not modelled).
return {
  abilities = {
    { kind = "ignition", once_per_turn = true, label = "Special Summon from the hand",
      requires = { { filter = { zone = "hand", player = "you", frame = "Normal", max = { level = 4 } } },
                   { filter = { zone = "monster", player = "you" }, max = 4 } },
      resolve = function(ctx)
        local found = ctx:choose{ filter = { zone = "hand", player = "you", frame = "Normal", max = { level = 4 } },
                                  count = 1, prompt = "a Level 4 or lower Normal Monster" }
        if found[1] then ctx:special_summon(found[1], { position = "choose" }) end
      end },
  },
}
