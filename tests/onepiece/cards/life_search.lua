-- Life Search (test card, OP-05): [Main] add 1 {Straw Hat Crew} card from your Life to your hand.
-- The Life cards are face down: the choice may be declined (8-4-4-2), and a chosen card that turns
-- out not to be {Straw Hat Crew} stays where it is.
return { abilities = {
  { kind = "main", resolve = function(ctx)
      local chosen = ctx:choose{ filter = { zone = "life", player = "you" }, count = 1,
                                 prompt = "a {Straw Hat Crew} card from your Life" }
      if #chosen > 0 and ctx:matches(chosen[1], { types = "Straw Hat Crew" }) then
        ctx:life_to_hand(chosen[1])
      end
    end },
} }
