-- Charlotte Katakuri (ST07-003). [On Play]: look at up to 1 card from the top of your or your
-- opponent's Life and put it on the top or at the bottom. Then, if you have fewer Life cards than
-- your opponent, this Character gains [Rush] during this turn.
return {
  abilities = {
    { kind = "on_play",
      resolve = function(ctx)
        ctx:look_at_top_life("either")
        if ctx:life("you") < ctx:life("opponent") then
          ctx:modify(ctx:self(), { op = "grant", value = "Rush", duration = "until_end_of_turn" })
        end
      end },
  },
}
