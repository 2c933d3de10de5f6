-- Raigeki (Normal Spell): destroy every monster the opponent controls.
return {
  abilities = {
    { kind = "activate", tags = { "destroy" },
      requires = { { filter = { zone = "monster", player = "opponent" } } },
      resolve = function(ctx) ctx:destroy({ zone = "monster", player = "opponent" }) end },
  },
}
