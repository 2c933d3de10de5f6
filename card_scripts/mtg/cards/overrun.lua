-- Overrun: the creatures its controller controls as it resolves get +3/+3 and gain trample until
-- end of turn (locked in, 611.2c).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        local mine = ctx:cards({ zone = "battlefield", player = "you", types = "Creature" })
        if #mine == 0 then return end
        ctx:pump(mine, 3, 3)
        ctx:modify(mine, { op = "grant", value = "Trample", duration = "until_end_of_turn" })
      end },
  },
}
