-- お賽銭 (original; checklist case PMV-15 a). Look at your whole deck and put 〔1 card among them〕 into
-- your hand. It says nothing of shuffling, so 3.2.5 shuffles the deck when it finishes resolving.
return {
  abilities = {
    { kind = "play", label = "offering",
      resolve = function(ctx)
        local seen = ctx:look_at_deck()
        ctx:to_hand(ctx:designate_one{ from = seen, look = true, prompt = "the card to take" })
      end },
  },
}
