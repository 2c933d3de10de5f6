-- Iron Grip (test card): you cannot trash cards from your hand.
return { abilities = {
  { kind = "permanent", prohibits = { "trash_from_hand" }, player = "you" },
} }
