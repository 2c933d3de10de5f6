-- Summon: Choco/Mog. "I, II, III, IV" are four separate chapter abilities (714.2c), each the same
-- "Stampede!": the controller's other creatures get +1/+0 until end of turn. The creatures are
-- locked in as the ability resolves (611.2c): a creature arriving later does not get the bonus.
return {
  abilities = {
    { kind = "chapter", chapters = { 1, 2, 3, 4 }, label = "Stampede!",
      resolve = function(ctx)
        ctx:pump(ctx:cards({ zone = "battlefield", player = "you", types = "Creature", other = true }), 1, 0)
      end },
  },
}
