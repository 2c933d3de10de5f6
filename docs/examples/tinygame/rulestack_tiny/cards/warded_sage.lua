-- Warded Sage: [tap] gain 2 life; this text cannot be negated.
return {
  abilities = {
    { kind = "act", unnegatable = true,
      condition = function(ctx) return not ctx:card().status.tapped end,
      resolve = function(ctx) ctx:change_life("you", 2) end },
  },
}
