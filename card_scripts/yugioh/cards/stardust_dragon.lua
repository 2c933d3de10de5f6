-- Stardust Dragon (Synchro).
-- Quick Effect: when a card or effect that would destroy a card on the field is activated, Tribute
-- this card (cost) to negate that activation and destroy that card. Because the Tribute takes it
-- off the field before resolution, a negation that applies only on the field (Skill Drain,
-- Fiendish Chain) no longer reaches it: the "release escape" (YGO-A15).
-- During the End Phase of a turn in which that effect was activated and not negated, it may Special
-- Summon itself from the GY: the effect resolving is what counts, not whether the negation worked.
return {
  abilities = {
    { kind = "quick", label = "negate a destruction", tags = { "negate", "destroy" },
      when = { on = "link", tag = "destroy" },
      cost = { { kind = "tribute", amount = 1, self = true } },
      resolve = function(ctx)
        ctx:remember("resolved_turn", ctx:turn())
        local link = ctx:previous_link()
        if link then ctx:negate_and_destroy(link.id) end
      end },
    { kind = "trigger", optional = true, zone = "graveyard", label = "return",
      trigger = { on = "phase", phase = "end" },
      condition = function(ctx) return ctx:recall("resolved_turn") == ctx:turn() end,
      resolve = function(ctx) ctx:special_summon(ctx:self(), { position = "attack" }) end },
  },
}
