-- No.445 禁弾「カタディオプトリック」 (text ours). Negate the text of 〔1 character〕 until end of turn
-- (its 【 】 descriptions are not negated, 12.4; effects it gained are).
return {
  abilities = {
    { kind = "play", label = "catadioptric",
      resolve = function(ctx)
        ctx:negate_text(ctx:designate_one{ filter = { zone = "field", type = "character" } })
      end },
  },
}
