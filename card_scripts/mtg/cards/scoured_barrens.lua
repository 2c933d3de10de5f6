-- Scoured Barrens: enters tapped (614.1c); when it enters, its controller gains 1 life.
return {
  abilities = {
    { kind = "enters", tapped = true },
    { kind = "triggered", trigger = { on = "moved", self = true, to = "battlefield" },
      resolve = function(ctx) ctx:gain_life(1) end },
  },
}
