-- No.889 変装 (text ours). 目標: 1 character of yours. Until end of turn its own name becomes the name of
-- 〔1 other character on the field〕; names it has by a link stay (Q&A 2014-11-27).
return {
  abilities = {
    { kind = "play", label = "disguise",
      targets = { { filter = { zone = "field", player = "you", type = "character" }, prompt = "目標: your character" } },
      condition = function(ctx) return ctx:count{ zone = "field", type = "character" } >= 2 end,
      resolve = function(ctx)
        local goal = ctx:goal()
        local others = {}
        for _, id in ipairs(ctx:cards{ zone = "field", type = "character" }) do
          if id ~= goal then others[#others + 1] = id end
        end
        local model = ctx:designate_one{ from = others, prompt = "whose name to take" }
        ctx:set_name(goal, ctx:names(model)[1])
      end },
  },
}
