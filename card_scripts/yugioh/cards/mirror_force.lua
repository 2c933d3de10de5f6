-- Mirror Force (Normal Trap): when an opponent's monster declares an attack, destroy every Attack
-- Position monster the opponent controls.
return {
  abilities = {
    { kind = "activate", tags = { "destroy" }, when = { on = "attack_declared", player = "opponent" },
      resolve = function(ctx) ctx:destroy({ zone = "monster", player = "opponent", position = "attack" }) end },
  },
}
