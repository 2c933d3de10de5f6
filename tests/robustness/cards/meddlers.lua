-- Meddlers: triggered abilities whose conditions, checked while another card's host call records
-- an event, try to make that other card fail, stop or be unloaded. Which one is active is the
-- card's name (each card of this file is one meddler).
local keep = {}
local function cond(ctx)
  local me = ctx:card().name
  if me == "Meddler Stop" then ctx:stop() end
  if me == "Meddler Error" then error("meddler fails") end
  if me == "Meddler Loop" then while true do end end
  if me == "Meddler Burn" then   -- just under its own budget, every time
    local n = 0
    for i = 1, 4000000 do n = n + i % 7 end
    return false
  end
  if me == "Meddler Hoard" then
    local t = {}
    for i = 1, 40 do t[i] = string.rep(string.char(64 + i % 26), 2 ^ 20 - 64) .. i end
    keep[#keep + 1] = t
    return false
  end
  return false
end
return {
  abilities = {
    { kind = "when", trigger = { on = "marked" }, condition = cond,
      resolve = function(ctx) ctx:mark("meddler resolved") end },
  },
}
