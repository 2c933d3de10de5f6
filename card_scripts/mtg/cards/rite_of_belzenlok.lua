-- Rite of Belzenlok (Saga). I, II: two 0/1 black Cleric tokens. III: a 6/6 black Demon token with
-- flying, trample and "at the beginning of your upkeep, sacrifice another creature; if you can't,
-- it deals 6 damage to you" (the token card's own script).
return {
  abilities = {
    { kind = "chapter", chapters = { 1, 2 }, label = "two Clerics",
      resolve = function(ctx) ctx:create_token("Cleric Token", 2) end },
    { kind = "chapter", chapter = 3, label = "a Demon",
      resolve = function(ctx) ctx:create_token("Demon Token") end },
  },
}
