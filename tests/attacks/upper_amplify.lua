-- Each call is one instruction but megabytes of C work.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local s = string.rep("x", 4 * 1024 * 1024)
  while true do s:upper() end
end } } }
