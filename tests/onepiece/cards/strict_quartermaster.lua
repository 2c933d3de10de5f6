-- Strict Quartermaster (test card): while you have 3 or fewer cards in your hand, you cannot trash
-- cards from your hand.
return { abilities = {
  { kind = "permanent", prohibits = { "trash_from_hand" }, player = "you",
    condition = function(ctx) return ctx:count{ zone = "hand", player = "you" } <= 3 end },
} }
