-- table.move over 2^50 (nil) elements loops in C for hours.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return table.move({}, 1, 2 ^ 50, 2)
end } } }
