-- Test Ward of Life: you can't lose life this turn (119.8: nor pay life).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:cant_lose_life("you") end },
  },
}
