-- Escape the budget through the host: each host call runs another script function, which should
-- not get a fresh budget.
return { abilities = {
  { kind = "activate", resolve = function(ctx)
    for i = 1, 1000 do ctx:work() end
    return "finished"
  end },
  { kind = "activate", resolve = function(ctx)
    local x = 0
    for i = 1, 300000 do x = x + i end
    return x
  end },
} }
