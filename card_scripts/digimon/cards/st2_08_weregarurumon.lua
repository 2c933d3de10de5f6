-- WereGarurumon (ST2-08). Inherited: [Your Turn] while your opponent has a Digimon with no
-- digivolution cards, this Digimon gains <Security Attack +1>.
return {
  abilities = {
    { kind = "static", inherited = true, your_turn = true,
      condition = function(ctx)
        for _, id in ipairs(ctx:cards{ zone = "battle_area", player = "opponent" }) do
          if ctx:card(id).category == "digimon" and #ctx:sources(id) == 0 then return true end
        end
        return false
      end,
      modify = { { attr = "security_attack", op = "add", value = 1 } } },
  },
}
