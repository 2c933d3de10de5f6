-- 反魂蝶 (original). Put 〔1 character card from your 冥界〕 into your hand.
return {
  abilities = {
    { kind = "play", label = "resurrection butterfly",
      resolve = function(ctx)
        ctx:to_hand(ctx:designate_one{ filter = { zone = "netherworld", player = "you", type = "character" } })
      end },
  },
}
