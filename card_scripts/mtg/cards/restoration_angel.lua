-- Restoration Angel (flash, flying): when it enters the battlefield, its controller may exile a
-- non-Angel creature they control ("up to one" target), then return it to the battlefield under
-- their control (a new object, 400.7).
local function non_angel(ctx, id)
  for _, s in ipairs(ctx:value(id, "subtypes") or {}) do
    if s == "Angel" then return false end
  end
  return true
end
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      targets = { { filter = { zone = "battlefield", player = "you", types = "Creature", where = non_angel },
                    count = 1, up_to = true } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:flicker(t, { under = "you" }) end
      end },
  },
}
