-- Self Mover: whenever it moves (only its own moves), nothing happens.
return {
  abilities = {
    { kind = "when", trigger = { on = "moved", self = true }, resolve = function(ctx) end },
  },
}
