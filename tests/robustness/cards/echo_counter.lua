-- Echo Counter: whenever something is marked, count it and mark again. Like Echo Chamber it
-- triggers itself forever, but each pass changes the state (the count it keeps), so no position
-- ever comes back: only the bound on events per turn ends the game.
return {
  abilities = {
    { kind = "when", trigger = { on = "marked" }, resolve = function(ctx)
        ctx:remember("n", (ctx:recall("n") or 0) + 1)
        ctx:mark("counted")
      end },
  },
}
