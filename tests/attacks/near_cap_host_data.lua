-- Fill the heap close to the cap, then make the host push strings and tables into Lua: lupa does
-- those pushes outside any protected call, where an allocation failure aborts the process.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local hold = {}
  for i = 1, 13 do hold[i] = string.rep(string.char(64 + i), 1024 * 1024) end
  local s = ctx:give_string()
  local t = ctx:give_table()
  local n = ctx:nested("an argument string")
  return #hold, s, #t, n
end } } }
