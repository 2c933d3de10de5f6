-- The host method raises a Python exception; the script tries to catch it and carry on.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local ok, err = pcall(ctx.fail, ctx)
  ctx:mark("after pcall")
  local ok2 = pcall(function() ctx:fail() end)
  ctx:mark("after second pcall")
  return "survived"
end } } }
