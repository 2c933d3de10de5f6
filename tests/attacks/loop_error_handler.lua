-- Keep retrying after errors, catching each one (including the kill).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local n = 0
  while true do
    local ok, err = pcall(error, "again")
    n = n + 1
  end
end } } }
