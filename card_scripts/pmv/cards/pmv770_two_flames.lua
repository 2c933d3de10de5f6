-- No.770 二つの炎 (text ours). Put 〔1 character card in your hand〕 onto your field; its attack and
-- durability become 3 and 3 (a change, applied after variables are fixed: QA-356).
return {
  abilities = {
    { kind = "play", label = "two flames",
      resolve = function(ctx)
        local card = ctx:designate_one{ filter = { zone = "hand", player = "you", type = "character" }, look = true,
                                        prompt = "character to put onto the field" }
        local placed = ctx:to_field(card)
        ctx:change(placed, { attack = 3, durability = 3, duration = "permanent" })
      end },
  },
}
