-- Inspired Charge: the creatures its controller controls as it resolves get +2/+1 until end of
-- turn (locked in, 611.2c: a creature arriving later does not get it).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx)
        ctx:pump(ctx:cards({ zone = "battlefield", player = "you", types = "Creature" }), 2, 1)
      end },
  },
}
