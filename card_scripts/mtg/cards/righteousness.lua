-- Righteousness: a blocking creature gets +7/+7 until end of turn.
local function blocking(ctx, id) return ctx:card(id).status.blocking ~= nil end
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature", where = blocking } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:pump(t, 7, 7) end
      end },
  },
}
