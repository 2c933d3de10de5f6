-- Navy Lookout (test card, OP-06): look at 5 cards from the top of your deck; reveal up to 1 {Navy}
-- card and add it to your hand; put the rest at the bottom of your deck in any order.
return { abilities = {
  { kind = "main", resolve = function(ctx)
      ctx:search{ look = 5, filter = { types = "Navy" }, count = 1, up_to = true, rest = "bottom" }
    end },
} }
