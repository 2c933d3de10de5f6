-- Recurse to just below the C-stack limit, where even calling the budget hook fails with
-- "C stack overflow", then loop forever there, swallowing those failures with pcall.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local function deep(n)
    pcall(deep, n + 1)
    while true do
      pcall(function() for i = 1, 100 do end end)
    end
  end
  deep(1)
end } } }
