-- Bold Plan (test card, OP-19): trash 1 card from your hand. Then, draw 1 card. What follows a
-- "Then" resolves even if the part before it could not be done (4-10-2).
return { abilities = {
  { kind = "main", resolve = function(ctx)
      ctx:trash_from_hand(1)
      ctx:draw(1)
    end },
} }
