-- Eustass"Captain"Kid (ST02-013). [Blocker] is a keyword in the card data. [DON!! x1]
-- [End of Your Turn]: set this Character as active.
return {
  abilities = {
    { kind = "end_of_your_turn", don = 1, resolve = function(ctx) ctx:set_active(ctx:self()) end },
  },
}
