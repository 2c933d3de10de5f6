-- Hurricane: X damage to each creature with flying and to each player.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        local x = ctx:x()
        for _, id in ipairs(ctx:cards({ zone = "battlefield", player = "any", types = "Creature", keyword = "Flying" })) do
          ctx:damage(id, x)
        end
        ctx:damage("you", x)
        ctx:damage("opponent", x)
      end },
  },
}
