-- Change the string, table and math libraries, hoping other cards share them.
return { abilities = { { kind = "activate", resolve = function(ctx)
  string.upper = function() return "pwned" end
  string.rep = nil
  table.insert = function() error("pwned") end
  math.floor = function() return 42 end
  coroutine.create = nil
  rawset(string, "lower", function() return "pwned" end)
  return ("x"):upper()
end } } }
