-- Keldon Raider: when it enters the battlefield, its controller may discard a card; if they do,
-- they draw a card.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx)
        local pick = ctx:choose({ filter = { zone = "hand", player = "you" }, count = 1, up_to = true,
                                  prompt = "you may discard a card to draw a card" })
        if #pick == 0 then return end
        ctx:move(pick[1], "graveyard")
        ctx:draw(1)
      end },
  },
}
