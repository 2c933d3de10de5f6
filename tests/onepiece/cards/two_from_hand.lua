-- Two From Hand (test card, OP-04): [Main] your opponent trashes 2 cards from their hand.
return { abilities = {
  { kind = "main", resolve = function(ctx) ctx:trash_from_hand(2, "opponent") end },
} }
