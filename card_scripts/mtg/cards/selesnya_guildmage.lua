-- Selesnya Guildmage ({G/W}{G/W}). {3}{G}: create a 1/1 green Saproling token. {3}{W}: the
-- creatures its controller controls get +1/+1 until end of turn.
return {
  abilities = {
    { kind = "activated", label = "a Saproling", cost = { { "mana", "{3}{G}" } },
      resolve = function(ctx) ctx:create_token("Saproling Token") end },
    { kind = "activated", label = "rally", cost = { { "mana", "{3}{W}" } },
      resolve = function(ctx)
        ctx:pump(ctx:cards({ zone = "battlefield", player = "you", types = "Creature" }), 1, 1)
      end },
  },
}
