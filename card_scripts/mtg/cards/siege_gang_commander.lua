-- Siege-Gang Commander: when it enters the battlefield, create three 1/1 red Goblin tokens.
-- {1}{R}, sacrifice a Goblin: 2 damage to any target.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:create_token("Goblin Token", 3) end },
    { kind = "activated", label = "fling a Goblin",
      cost = { { "mana", "{1}{R}" }, { "sacrifice", 1, { filter = { subtypes = "Goblin" } } } },
      target = { card = { zone = "battlefield", types = "Creature" }, player = "any" },
      resolve = function(ctx) ctx:damage(ctx:chosen_target(), 2) end },
  },
}
