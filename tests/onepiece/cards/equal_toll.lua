-- Equal Toll (test card, OP-20): each player trashes 1 card from their hand, the turn player first (1-3-4).
return { abilities = {
  { kind = "main", resolve = function(ctx)
      for _, player in ipairs(ctx:turn_order()) do ctx:trash_from_hand(1, player) end
    end },
} }
