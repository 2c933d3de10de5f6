-- A host method that calls back into the same function: unbounded nesting through the host.
return { abilities = { { kind = "activate", resolve = function(ctx)
  return ctx:again()
end } } }
