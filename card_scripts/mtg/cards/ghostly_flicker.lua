-- Ghostly Flicker: exile two artifacts, creatures or lands its caster controls, then return them
-- to the battlefield under their control.
return {
  abilities = {
    { kind = "spell",
      targets = { { filter = { zone = "battlefield", player = "you", types = { "Artifact", "Creature", "Land" } }, count = 2 } },
      resolve = function(ctx)
        for _, id in ipairs(ctx:targets()) do ctx:flicker(id, { under = "you" }) end
      end },
  },
}
