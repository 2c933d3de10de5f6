-- Misspelt Word: "damagee" is no word of Tiny.
return {
  abilities = {
    { kind = "when",
      trigger = { on = "played", self = true },
      resolve = function(ctx)
        ctx:damagee("opponent", 1)
      end },
  },
}
