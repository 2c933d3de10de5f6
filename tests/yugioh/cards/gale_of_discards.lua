-- Gale of Discards (test card, YGO-04 contrast): each player discards 1 card, the turn player first.
return { abilities = { { kind = "activate", resolve = function(ctx)
  ctx:discard(1, "active")
  ctx:discard(1, "inactive")
end } } }
