-- Irenicus's Vile Duplication: a token copy of a creature you control, except that it has flying
-- and isn't legendary (707.9a-b: both are part of the token's copiable values).
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "battlefield", controller = "you", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:create_token_copy(t, 1, { add_keywords = { "Flying" }, supertypes = {} }) end
      end },
  },
}
