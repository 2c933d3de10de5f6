-- Replace a host method on ctx or its metatable, for this call or for everybody.
return { abilities = { { kind = "activate", resolve = function(ctx)
  ctx.draw = function() return "pwned" end
end } } }
