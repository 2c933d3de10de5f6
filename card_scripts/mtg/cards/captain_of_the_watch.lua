-- Captain of the Watch (vigilance): the other Soldier creatures its controller controls get +1/+1
-- and have vigilance; when it enters the battlefield, create three 1/1 white Soldier tokens.
local soldiers = { zone = "battlefield", player = "you", types = "Creature", subtypes = "Soldier", other = true }
return {
  abilities = {
    { kind = "static", modify = {
        { attr = "power", op = "add", value = 1, affects = soldiers },
        { attr = "toughness", op = "add", value = 1, affects = soldiers },
        { op = "grant", value = "Vigilance", affects = soldiers } } },
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:create_token("Soldier Token", 3) end },
  },
}
