-- Mind Rot: the opponent discards 2 cards (an effect).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:discard_from_hand(2, "opponent") end },
  },
}
