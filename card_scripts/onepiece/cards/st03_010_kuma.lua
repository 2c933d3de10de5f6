-- Bartholomew Kuma (ST03-010). [On Play]: look at the top 3 cards of your deck and put each back on
-- the top or at the bottom (8-4-4-4). Those kept on top stay in their order; the ones put at the
-- bottom go there in the order chosen. Its [Trigger] (play this card) is a keyword in the data.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        local deck = ctx:cards{ zone = "deck", player = "you" }
        local top = {}
        for i = #deck, math.max(1, #deck - 2), -1 do top[#top + 1] = deck[i] end
        for _, id in ipairs(top) do
          if ctx:choose_option({ "keep on top", "put at the bottom" }, "where does " .. ctx:card(id).name .. " go?") == 2 then
            ctx:move(id, "deck", { position = "bottom" })
          end
        end
      end },
  },
}
