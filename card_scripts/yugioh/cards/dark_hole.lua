-- Dark Hole (Normal Spell): destroy every monster on the field.
return {
  abilities = {
    { kind = "activate", tags = { "destroy" },
      condition = function(ctx) return ctx:count({ zone = "monster" }) > 0 end,
      resolve = function(ctx) ctx:destroy({ zone = "monster" }) end },
  },
}
