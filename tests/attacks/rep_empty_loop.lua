-- string.rep of an empty string allocates nothing but loops in C for 2^52 iterations.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return ("").rep("", 2 ^ 52)
end } } }
