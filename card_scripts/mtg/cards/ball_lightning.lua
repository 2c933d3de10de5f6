-- Ball Lightning: at the beginning of the end step, sacrifice it.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "phase", step = "end" },
      resolve = function(ctx) ctx:sacrifice() end },
  },
}
