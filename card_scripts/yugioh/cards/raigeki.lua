-- Raigeki (Normal Spell): destroy every monster the opponent controls.
return {
  abilities = {
    { kind = "activate", tags = { "destroy" },
      condition = function(ctx) return ctx:count({ zone = "monster", player = "opponent" }) > 0 end,
      resolve = function(ctx) ctx:destroy({ zone = "monster", player = "opponent" }) end },
  },
}
