-- 霊撃 (original). 〔1 character〕 takes 3 damage.
return {
  abilities = {
    { kind = "play", label = "spirit strike",
      resolve = function(ctx)
        ctx:deal_damage(ctx:designate_one{ filter = { zone = "field", type = "character" } }, 3)
      end },
  },
}
