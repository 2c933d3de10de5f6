-- Go for the Throat: destroy a creature that is not an artifact.
local function nonartifact(ctx, id) return not ctx:is_type(id, "Artifact") end
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature", where = nonartifact } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
