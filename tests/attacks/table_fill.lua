-- Fill a table until memory (or the budget) runs out.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local t, i = {}, 0
  while true do i = i + 1; t[i] = { i } end
end } } }
