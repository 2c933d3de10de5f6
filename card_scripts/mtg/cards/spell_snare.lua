-- Spell Snare: counter a spell with mana value 2 (an {X} spell counts its X on the stack, 202.3e).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "stack", other = true, mana_value = 2 } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:counter(t) end
      end },
  },
}
