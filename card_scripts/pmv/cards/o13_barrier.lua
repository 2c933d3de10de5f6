-- 結界 (original; checklist case PMV-02 b). Put 〔all of your opponent's characters〕 to sleep — zero of
-- them is a proper target (8.1.2.c) — then draw 1 card.
return {
  abilities = {
    { kind = "play", label = "barrier",
      resolve = function(ctx)
        for _, id in ipairs(ctx:all{ zone = "field", player = "opponent", type = "character" }) do
          if not ctx:card(id).status.sleep then ctx:sleep(id) end
        end
        ctx:draw(1)
      end },
  },
}
