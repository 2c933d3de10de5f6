-- History of Benalia (Saga). I, II: create a 2/2 white Knight token with vigilance. III: the
-- Knights its controller controls get +2/+1 until end of turn (those there as it resolves).
return {
  abilities = {
    { kind = "chapter", chapters = { 1, 2 }, label = "a Knight",
      resolve = function(ctx) ctx:create_token("Knight Token") end },
    { kind = "chapter", chapter = 3, label = "Knights charge",
      resolve = function(ctx)
        ctx:pump(ctx:cards({ zone = "battlefield", player = "you", types = "Creature", subtypes = "Knight" }), 2, 1)
      end },
  },
}
