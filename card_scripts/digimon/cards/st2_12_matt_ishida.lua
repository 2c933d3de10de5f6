-- Matt Ishida (ST2-12, Tamer). [Start of Your Turn] if your opponent has a Digimon with no
-- digivolution cards, gain 1 memory. Its [Security] (play this card) is a keyword in the data.
return {
  abilities = {
    { kind = "start_of_your_turn",
      resolve = function(ctx)
        for _, id in ipairs(ctx:cards{ zone = "battle_area", player = "opponent" }) do
          if ctx:card(id).category == "digimon" and #ctx:sources(id) == 0 then
            ctx:gain_memory(1)
            return
          end
        end
      end },
  },
}
