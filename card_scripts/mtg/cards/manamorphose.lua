-- Manamorphose: add two mana in any combination of colours, then draw a card.
local colours = { "W", "U", "B", "R", "G" }
return {
  abilities = {
    { kind = "spell",
      resolve = function(ctx)
        for _ = 1, 2 do
          local i = ctx:choose_option(colours, "add one mana of which colour?")
          ctx:add_mana(colours[i])
        end
        ctx:draw(1)
      end },
  },
}
