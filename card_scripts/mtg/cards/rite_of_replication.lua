-- Rite of Replication: kicker {5}; create a token that is a copy of a creature (707.2), or five
-- of them if the spell was kicked.
return {
  abilities = {
    { kind = "spell", kicker = { { "mana", "{5}" } },
      targets = { { filter = { zone = "battlefield", types = "Creature" } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:create_token_copy(t, ctx:kicked() and 5 or 1) end
      end },
  },
}
