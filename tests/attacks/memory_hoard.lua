-- Keep a large table alive in the script's globals after the call, starving later cards.
return { abilities = { { kind = "activate", resolve = function(ctx)
  hoard = {}
  for i = 1, 2500 do hoard[i] = string.rep(string.char(65 + i % 26), 16000) .. i end
  return #hoard
end } } }
