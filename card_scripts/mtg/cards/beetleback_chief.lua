-- Beetleback Chief: when it enters the battlefield, create two 1/1 red Goblin tokens.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:create_token("Goblin Token", 2) end },
  },
}
