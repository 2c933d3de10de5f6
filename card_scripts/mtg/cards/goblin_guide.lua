-- Goblin Guide: whenever it attacks, the defending player reveals the top card of their library
-- and, if it is a land, puts it into their hand.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "attacks", self = true },
      resolve = function(ctx)
        local top = ctx:top_of_library("opponent")
        if not top then return end
        ctx:reveal(top)
        if ctx:is_type(top, "Land") then ctx:move(top, "hand", { player = "opponent" }) end
      end },
  },
}
