-- Dust Tornado (Normal Trap): destroy 1 targeted Spell/Trap the opponent controls, then you may Set
-- 1 Spell/Trap from your hand.
return {
  abilities = {
    { kind = "activate", tags = { "destroy" },
      targets = { { filter = { zone = "spell_trap", player = "opponent" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t and ctx:destroy(t) > 0 then
          local pick = ctx:choose({ filter = { zone = "hand", player = "you", card_type = { "Spell", "Trap" } }, count = 1,
                                    up_to = true, prompt = "a Spell/Trap to Set (or none)" })
          if pick[1] then ctx:set_card(pick[1]) end
        end
      end },
  },
}
