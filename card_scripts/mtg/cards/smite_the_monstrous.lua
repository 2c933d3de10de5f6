-- Smite the Monstrous: destroy a creature with power 4 or greater (checked again on resolution,
-- 608.2b: a creature shrunk below 4 is no longer a legal target).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", types = "Creature", min = { power = 4 } } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
