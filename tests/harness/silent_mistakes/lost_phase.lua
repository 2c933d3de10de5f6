-- Lost Phase: Tiny's phases are start, main and end.
return {
  abilities = {
    { kind = "when",
      trigger = { on = "phase", phase = "mian" },
      resolve = function(ctx) ctx:draw(1) end },
  },
}
