-- Old Vindictive Magician: FLIP (mandatory): destroy 1 targeted monster the opponent controls.
return {
  abilities = {
    { kind = "flip", tags = { "destroy" },
      targets = { { filter = { zone = "monster", player = "opponent" }, prompt = "a monster to destroy" } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:destroy(t) end
      end },
  },
}
