-- Into the Roil: kicker {1}{U} (702.33); a nonland permanent goes back to its owner's hand, and
-- if the spell was kicked its caster draws a card.
local function nonland(ctx, id) return not ctx:is_type(id, "Land") end
return {
  abilities = {
    { kind = "spell", kicker = { { "mana", "{1}{U}" } },
      targets = { { filter = { zone = "battlefield", where = nonland } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:return_to_hand(t) end
        if ctx:kicked() then ctx:draw(1) end
      end },
  },
}
