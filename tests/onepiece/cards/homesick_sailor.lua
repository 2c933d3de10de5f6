-- Homesick Sailor (test card): when this Character is returned to your hand, draw 1 card. The hand
-- is a secret area, so this never activates (8-4-5).
return { abilities = {
  { kind = "auto", trigger = { on = "moved", self = true, from = "character", to = "hand" },
    resolve = function(ctx) ctx:draw(1) end },
} }
