-- MetalGreymon (ST1-09). Inherited: [Your Turn] when this Digimon is blocked, gain 3 memory.
return {
  abilities = {
    { kind = "auto", inherited = true, your_turn = true, label = "[Your Turn] when blocked (inherited)",
      trigger = { on = "blocked", self = true },
      resolve = function(ctx) ctx:gain_memory(3) end },
  },
}
