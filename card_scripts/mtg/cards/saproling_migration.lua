-- Saproling Migration: kicker {4}; create two 1/1 green Saproling tokens, or four if kicked.
return {
  abilities = {
    { kind = "spell", kicker = { { "mana", "{4}" } },
      resolve = function(ctx) ctx:create_token("Saproling Token", ctx:kicked() and 4 or 2) end },
  },
}
