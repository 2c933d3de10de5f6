-- Restless Twin (test-only): whenever it becomes tapped, untap it; whenever it becomes untapped,
-- tap it. Once it is tapped (it attacks), the two triggers answer each other forever: a loop of
-- mandatory actions (MTG 104.4b), the same two positions over and over.
return {
  abilities = {
    { kind = "triggered", trigger = { on = "status", self = true, key = "tapped", value = true },
      resolve = function(ctx) ctx:untap(ctx:self()) end },
    { kind = "triggered", trigger = { on = "status", self = true, key = "tapped", old = true },
      resolve = function(ctx) ctx:tap(ctx:self()) end },
  },
}
