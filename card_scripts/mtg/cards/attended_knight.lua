-- Attended Knight (first strike): when it enters the battlefield, create a 1/1 white Soldier token.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:create_token("Soldier Token") end },
  },
}
