-- Earthquake: X damage to each creature without flying and to each player.
return {
  abilities = {
    { kind = "spell",
      resolve = function(ctx)
        local x = ctx:x()
        for _, id in ipairs(ctx:cards({ zone = "battlefield", player = "any", types = "Creature" })) do
          if not ctx:has_keyword(id, "Flying") then ctx:damage(id, x) end
        end
        ctx:damage("you", x)
        ctx:damage("opponent", x)
      end },
  },
}
