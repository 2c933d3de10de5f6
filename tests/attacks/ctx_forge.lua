-- Call a host method with a forged self (a table pretending to be a ctx).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local draw = ctx.draw
  return draw({ id = 999 }, 1)
end } } }
