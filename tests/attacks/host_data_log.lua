-- Fill the event log with log lines.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local line = string.rep("l", 500)
  for i = 1, 1000000 do ctx:log(line) end
end } } }
