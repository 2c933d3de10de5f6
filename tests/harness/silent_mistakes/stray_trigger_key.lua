-- Stray Trigger Key: a "damaged" event has no "amount" (it has delta, life, by).
return {
  abilities = {
    { kind = "when",
      trigger = { on = "damaged", amount = 2 },
      resolve = function(ctx) ctx:draw(1) end },
  },
}
