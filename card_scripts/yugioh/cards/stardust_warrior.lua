-- Stardust Warrior (Synchro; Synchron Extreme structure deck).
-- (1) Quick Effect: when the opponent would Special Summon a monster(s) (a Summon that passes
--     through the "summon" window: Synchro, Xyz, Link ...; never a Normal Summon), Tribute this card
--     (cost): negate the Summon and destroy the monster(s).
-- (2) In the End Phase of a turn (1) was applied: you may Special Summon this card from the GY.
-- (3) If this face-up card leaves the field because of battle or an opponent's card effect: you
--     may Special Summon 1 Level 8 or lower "Warrior" Synchro Monster from your Extra Deck, treated
--     as a Synchro Summon.
return {
  abilities = {
    { kind = "quick", label = "negate a Special Summon", tags = { "negate_summon" },
      condition = function(ctx)
        local s = ctx:summoning()
        return s ~= nil and s.special and s.player ~= ctx:controller()
      end,
      cost = { { kind = "tribute", amount = 1, self = true } },
      resolve = function(ctx)
        if #ctx:negate_summon() > 0 then ctx:remember("applied_turn", ctx:turn()) end
      end },
    { kind = "trigger", optional = true, zone = "graveyard", label = "return",
      trigger = { on = "phase", phase = "end" },
      condition = function(ctx) return ctx:recall("applied_turn") == ctx:turn() end,
      resolve = function(ctx) ctx:special_summon(ctx:self(), { position = "attack" }) end },
    { kind = "trigger", optional = true, zone = { "graveyard", "banished", "extra" }, label = "call a Warrior",
      trigger = { on = "moved", self = true, from = "monster", was_face_up = true, cause = { "battle", "effect" } },
      condition = function(ctx)
        local e = ctx:event()
        return e.cause == "battle" or (e.player ~= nil and e.player ~= ctx:controller())
      end,
      resolve = function(ctx)
        local found = ctx:search{ filter = { zone = "extra", player = "you", frame = "Synchro",
                                             name_contains = "Warrior", max = { level = 8 } },
                                  count = 1, prompt = "a Level 8 or lower \"Warrior\" Synchro Monster" }
        if found[1] then ctx:special_summon(found[1], { position = "choose", as = "synchro" }) end
      end },
  },
}
