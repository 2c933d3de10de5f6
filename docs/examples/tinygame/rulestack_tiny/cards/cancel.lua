-- Cancel: negate the activation of the spell below this one on the stack.
return {
  abilities = {
    { kind = "spell", cost = { { "energy", 2 } },
      condition = function(ctx) return #ctx:stack() > 0 end,
      resolve = function(ctx)
        local stack = ctx:stack()
        local below = stack[#stack]
        if below then ctx:negate_activation(below.id) end
      end },
  },
}
