-- Dark Hole (Normal Spell): destroy every monster on the field.
return {
  abilities = {
    { kind = "activate", tags = { "destroy" },
      requires = { { filter = { zone = "monster" } } },
      resolve = function(ctx) ctx:destroy({ zone = "monster" }) end },
  },
}
