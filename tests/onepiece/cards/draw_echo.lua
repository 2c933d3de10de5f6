-- Draw Echo (test card): [Your Turn] when you draw a card, this Character gets +1000 power this turn.
return { abilities = {
  { kind = "auto", your_turn = true, trigger = { on = "drew", player = "you" },
    resolve = function(ctx)
      ctx:modify(ctx:self(), { attr = "power", op = "add", value = 1000, duration = "until_end_of_turn" })
    end },
} }
