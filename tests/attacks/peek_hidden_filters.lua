-- Read hidden cards through filters and value words instead of ctx:card: count the opponent's hand
-- cards by name, find its own deck's cards by name, read a hidden card's power and keywords, bound
-- the opponent's deck by a value, read the name of the opponent's top card. A face the
-- controller may not see matches no face filter and has no value.
return { abilities = {
  { kind = "activate", resolve = function(ctx)
      ctx:mark(tostring(ctx:count{ zone = "hand", player = "opponent", name = "Sentinel" })) end },
  { kind = "activate", resolve = function(ctx)
      ctx:mark(tostring(#ctx:cards{ zone = "deck", player = "you", name = "Grunt" })) end },
  { kind = "activate", resolve = function(ctx)
      local top = ctx:top_cards("deck", 1, "opponent")[1]
      ctx:mark(tostring(ctx:value(top, "power")) .. "/" .. tostring(ctx:has_keyword(top, "Blocker"))) end },
  { kind = "activate", resolve = function(ctx)
      ctx:mark(tostring(ctx:count{ zone = "deck", player = "opponent", min = { power = 3 } })) end },
  { kind = "activate", resolve = function(ctx)
      local top = ctx:top_cards("deck", 1, "opponent")[1]
      ctx:mark(tostring(ctx:card(top).name)) end },
  { kind = "activate", resolve = function(ctx)
      -- the public part of a filter still works on hidden cards: how many cards the opponent holds
      ctx:mark(tostring(ctx:count{ zone = "hand", player = "opponent" })) end },
} }
