-- 即死 (original; the seed's QA-363 names 「即死」 as an effect during battle). 〔1 character〕 becomes
-- near-death (9.2.2.c) — never "by battle", even during one.
return {
  abilities = {
    { kind = "play", label = "instant death",
      resolve = function(ctx)
        ctx:make_near_death(ctx:designate_one{ filter = { zone = "field", type = "character" } })
      end },
  },
}
