-- Force collections (part of the lupa __gc use-after-free recipe) or stop the collector.
return { abilities = { { kind = "activate", resolve = function(ctx)
  collectgarbage("stop")
  return collectgarbage("count")
end } } }
