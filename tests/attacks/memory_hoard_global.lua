-- Keep a large table in a global after the call: globals do not survive a call, so the memory
-- is garbage as soon as the call ends.
return { abilities = { { kind = "activate", resolve = function(ctx)
  hoard = {}
  for i = 1, 2500 do hoard[i] = string.rep(string.char(65 + i % 26), 16000) .. i end
  return #hoard
end } } }
