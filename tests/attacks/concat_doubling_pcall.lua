-- Double a string until memory runs out, catch the memory error and do it again.
return { abilities = { { kind = "activate", resolve = function(ctx)
  while true do
    pcall(function() local s = "x" while true do s = s .. s end end)
  end
end } } }
