-- Test Saga of Fleeting Weakness (MTG-11): chapter I makes a creature's toughness 0 for a moment
-- inside its resolution, and logs what the toughness was then.
return {
  abilities = {
    { kind = "chapter", chapter = 1,
      targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        ctx:pump(t, -3, -3)
        ctx:log("toughness during resolution: " .. ctx:value(t, "toughness"))
        ctx:pump(t, 3, 3)
      end },
    { kind = "chapter", chapter = 2, resolve = function(ctx) end },
  },
}
