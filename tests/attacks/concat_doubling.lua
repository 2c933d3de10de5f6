-- Double a string until memory runs out (the VM's `..` cannot be wrapped).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local s = "x"
  while true do s = s .. s end
end } } }
