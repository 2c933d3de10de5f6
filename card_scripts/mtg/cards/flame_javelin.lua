-- Flame Javelin: 4 damage to any target; each {2/R} is paid with {R} or {2} (107.4e).
return {
  abilities = {
    { kind = "spell", target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 4) end },
  },
}
