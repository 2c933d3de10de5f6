-- Watcher: whenever a unit enters play (yours or not), you gain 1 life.
return {
  abilities = {
    { kind = "when", trigger = { on = "played" },
      resolve = function(ctx) ctx:change_life("you", 1) end },
  },
}
