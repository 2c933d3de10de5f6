-- Sakuretsu Armor (Normal Trap): when an opponent's monster declares an attack, destroy the
-- attacking monster (targeted).
return {
  abilities = {
    { kind = "activate", tags = { "destroy" }, when = { on = "attack_declared", player = "opponent" },
      targets = { { filter = { zone = "monster", attacking = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
