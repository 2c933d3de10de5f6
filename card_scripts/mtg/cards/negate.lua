-- Negate: counter a noncreature spell.
local function noncreature(ctx, id) return not ctx:is_type(id, "Creature") end
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "stack", other = true, where = noncreature } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:counter(t) end
      end },
  },
}
