-- Add __gc to a metatable after setmetatable accepted it: Lua only marks an object for
-- finalization when its metatable has __gc at setmetatable time, so this finalizer must never run.
fired = false
return { abilities = {
  { kind = "activate", resolve = function(ctx)
    local mt = {}
    for i = 1, 100 do setmetatable({}, mt) end
    mt.__gc = function() fired = true; while true do end end
    local junk = {}
    for i = 1, 200000 do junk[i % 100 + 1] = { i } end   -- churn so the collector runs
  end },
  { kind = "activate", resolve = function(ctx) return fired end },
} }
