-- Keep a large table alive after the call (in a local of the chunk, which its function keeps as
-- an upvalue), starving later cards.
local hoard
return { abilities = { { kind = "activate", resolve = function(ctx)
  hoard = {}
  for i = 1, 2500 do hoard[i] = string.rep(string.char(65 + i % 26), 16000) .. i end
  return #hoard
end } } }
