-- Crew Greeter (test card): when you play a Character, this Character gets +1000 power this turn.
return { abilities = {
  { kind = "auto", trigger = { on = "played", player = "you", filter = { category = "character" } },
    resolve = function(ctx)
      ctx:modify(ctx:self(), { attr = "power", op = "add", value = 1000, duration = "until_end_of_turn" })
    end },
} }
