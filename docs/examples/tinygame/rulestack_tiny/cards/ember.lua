-- Ember: 2 damage to the target player (chosen when cast).
return {
  abilities = {
    { kind = "spell", targets = { { kind = "player", who = "any", prompt = "player to burn" } },
      resolve = function(ctx)
        local p = ctx:target()
        if p then ctx:damage(p == ctx:controller() and "you" or "opponent", 2) end
      end },
  },
}
