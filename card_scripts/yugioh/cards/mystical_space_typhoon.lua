-- Mystical Space Typhoon (Quick-Play Spell): destroy 1 targeted Spell/Trap on the field.
return {
  abilities = {
    { kind = "activate", tags = { "destroy" },
      targets = { { filter = { zone = "spell_trap", other = true }, prompt = "a Spell/Trap to destroy" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
