-- Hane-Hane: FLIP (mandatory): return 1 targeted monster on the field to its owner's hand.
return {
  abilities = {
    { kind = "flip",
      targets = { { filter = { zone = "monster" }, prompt = "a monster to return to the hand" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:to_hand(t) end
      end },
  },
}
