-- 十六夜 咲夜 (original). (自分ターン)(S): 〔1 character〕 takes 1 damage.
return {
  abilities = {
    { kind = "activated", timing = "your_turn", label = "knife throw", cost = { { "sleep_self" } },
      resolve = function(ctx)
        ctx:deal_damage(ctx:designate_one{ filter = { zone = "field", type = "character" } }, 1)
      end },
  },
}
