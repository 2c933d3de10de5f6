-- Echo Chamber: whenever something is marked, mark again. Once anything is marked, it triggers
-- itself on each of its own resolutions, forever: a mandatory loop nothing can stop.
return {
  abilities = {
    { kind = "when", trigger = { on = "marked" }, resolve = function(ctx) ctx:mark("echo") end },
  },
}
