-- Man-Eater Bug: FLIP (mandatory): destroy 1 targeted monster on the field (itself if it is the
-- only one).
return {
  abilities = {
    { kind = "flip", tags = { "destroy" },
      targets = { { filter = { zone = "monster" }, prompt = "a monster to destroy" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
