-- Bartholomew Kuma (ST03-010). [On Play]: look at the top 3 cards of your deck (their faces are
-- shown to you alone, 8-4-4-4) and put them back on the top or at the bottom in any order: first
-- choose the ones for the bottom (in the order chosen), then the order of the ones kept on top (the
-- last chosen ends up on top). Its [Trigger] (play this card) is a keyword in the card data.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        local top = ctx:look_at_top("deck", 3)   -- top card first; the look is recorded
        if #top == 0 then return end
        local bottom = ctx:choose{ from = top, count = #top, up_to = true, look = true,
                                   prompt = "put at the bottom of your deck (the others stay on top)" }
        local sent = {}
        for _, id in ipairs(bottom) do
          ctx:move(id, "deck", { position = "bottom" })
          sent[id] = true
        end
        local kept = {}
        for _, id in ipairs(top) do if not sent[id] then kept[#kept + 1] = id end end
        if #kept < 2 then return end
        local order = ctx:choose{ from = kept, count = #kept, look = true,
                                  prompt = "order the cards kept on top (the last chosen is the top card)" }
        for _, id in ipairs(order) do ctx:move(id, "deck", { position = "top" }) end
      end },
  },
}
