-- Trap Hole (Normal Trap): when the opponent Normal or Flip Summons a monster with 1000 or more
-- ATK, destroy that monster (targeted).
return {
  abilities = {
    { kind = "activate", tags = { "destroy" },
      when = { on = "summoned", how = { "normal", "tribute", "flip" }, player = "opponent", filter = { min = { atk = 1000 } } },
      targets = { { filter = { zone = "monster", player = "opponent", just_summoned = true, min = { atk = 1000 } } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
