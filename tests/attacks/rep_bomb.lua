-- A terabyte string in one call.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return #string.rep("x", 2 ^ 40)
end } } }
