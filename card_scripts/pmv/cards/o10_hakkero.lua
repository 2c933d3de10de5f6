-- 八卦炉 (original; checklist case PMV-09). Cost X: 〔1 character〕 takes X damage, X being the nodes
-- actually paid (QA-269), not the declared X ± Y.
return {
  abilities = {
    { kind = "play", label = "hakkero",
      resolve = function(ctx)
        ctx:deal_damage(ctx:designate_one{ filter = { zone = "field", type = "character" } }, ctx:x())
      end },
  },
}
