-- 封魔陣 (original). Negate the effect of 〔1 card your opponent played that is waiting in the play area〕.
-- 【 】 text is not negated (12.4). Played as interference.
local function theirs(ctx)
  local out = {}
  for _, it in ipairs(ctx:stack()) do
    if it.controller ~= ctx:controller() and it.kind == "play" then out[#out + 1] = it end
  end
  return out
end
return {
  abilities = {
    { kind = "play", label = "sealing circle",
      condition = function(ctx) return #theirs(ctx) > 0 end,
      resolve = function(ctx)
        local items, cards = theirs(ctx), {}
        for _, it in ipairs(items) do cards[#cards + 1] = it.card end
        local chosen = ctx:designate_one{ from = cards, prompt = "the card whose effect to negate" }
        for _, it in ipairs(items) do
          if it.card == chosen then ctx:negate_play(it.id) end
        end
      end },
  },
}
