-- Jewelry Bonney (ST02-007). [Activate: Main] ① and rest this Character: look at the top 5 cards of
-- your deck (their faces: 8-4-4-4), reveal up to 1 {Supernovas} card and add it to your hand
-- (11-2-1), then put the rest at the bottom of your deck in any order.
return {
  abilities = {
    { kind = "activate_main", cost = { { "don", 1 }, { "rest_self" } },
      resolve = function(ctx)
        ctx:search{ look = 5, filter = { types = "Supernovas" }, count = 1, up_to = true, rest = "bottom" }
      end },
  },
}
