-- Bartholomew Kuma (ST03-010). [On Play]: look at the top 3 cards of your deck (their faces are
-- shown to you alone, 8-4-4-4) and choose which go to the bottom, in the order chosen; the others
-- stay on the top. Its [Trigger] (play this card) is a keyword in the card data.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        local deck = ctx:cards{ zone = "deck", player = "you" }
        local top = {}
        for i = #deck, math.max(1, #deck - 2), -1 do top[#top + 1] = deck[i] end
        if #top == 0 then return end
        local bottom = ctx:choose{ from = top, count = #top, up_to = true, look = true,
                                   prompt = "put at the bottom of your deck (the others stay on top)" }
        for _, id in ipairs(bottom) do ctx:move(id, "deck", { position = "bottom" }) end
      end },
  },
}
