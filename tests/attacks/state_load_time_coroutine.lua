-- A coroutine made at load time would keep its locals from one call to the next (a counter in
-- a suspended coroutine): refused while the card loads.
local counter = coroutine.wrap(function()
  local n = 0
  while true do n = n + 1; coroutine.yield(n) end
end)
return { abilities = { { kind = "activate", resolve = function(ctx) ctx:mark(tostring(counter())) end } } }
