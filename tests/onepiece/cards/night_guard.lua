-- Night Guard (test card): [Opponent's Turn] this Character gets +2000 power.
return { abilities = {
  { kind = "permanent", opponent_turn = true, modify = { { attr = "power", op = "add", value = 2000 } } },
} }
