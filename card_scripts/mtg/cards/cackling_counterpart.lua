-- Cackling Counterpart: a token copy of a creature you control (707.2).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", controller = "you", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:create_token_copy(t) end
      end },
  },
}
