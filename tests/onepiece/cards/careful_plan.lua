-- Careful Plan (test card, OP-19): if you have 2 or less Life, trash 1 card from your hand. Then,
-- draw 1 card. A failed "if" suppresses everything after it, the "Then" included (4-10-1).
return { abilities = {
  { kind = "main", resolve = function(ctx)
      if ctx:life("you") > 2 then return end
      ctx:trash_from_hand(1)
      ctx:draw(1)
    end },
} }
