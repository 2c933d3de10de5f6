-- Boartusk Liege (trample): its controller's other red creatures get +1/+1, and their other green
-- creatures get +1/+1 (a red and green creature gets both).
local function lord(color)
  local them = { zone = "battlefield", player = "you", types = "Creature", color = color, other = true }
  return { attr = "power", op = "add", value = 1, affects = them },
         { attr = "toughness", op = "add", value = 1, affects = them }
end
local rp, rt = lord("R")
local gp, gt = lord("G")
return {
  abilities = {
    { kind = "static", modify = { rp, rt } },
    { kind = "static", modify = { gp, gt } },
  },
}
