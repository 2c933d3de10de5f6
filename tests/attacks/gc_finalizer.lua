-- A __gc finalizer runs with hooks disabled (an endless one hangs a later script) and is part of
-- the lupa use-after-free recipe.
return { abilities = { { kind = "activate", resolve = function(ctx)
  setmetatable({}, { __gc = function() while true do end end })
end } } }
