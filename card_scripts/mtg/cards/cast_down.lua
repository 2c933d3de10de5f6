-- Cast Down: destroy a creature that is not legendary.
local function nonlegendary(ctx, id)
  for _, s in ipairs(ctx:value(id, "supertypes") or {}) do
    if s == "Legendary" then return false end
  end
  return true
end
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature", where = nonlegendary } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
