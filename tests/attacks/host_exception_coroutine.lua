-- math.random's host callback raises inside a coroutine; the script swallows the resume error.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local co = coroutine.create(function() return math.random(1, 6) end)
  local ok, err = coroutine.resume(co)
  ctx:mark("after resume")
  return "survived"
end } } }
