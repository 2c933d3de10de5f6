-- Ajani's Pridemate: whenever its controller gains life, it gets a +1/+1 counter.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "life_changed", player = "you" },
      condition = function(ctx) return ctx:event().delta > 0 end,
      resolve = function(ctx)
        if ctx:card().zone == "battlefield" then ctx:add_counters(ctx:self(), "+1/+1", 1) end
      end },
  },
}
