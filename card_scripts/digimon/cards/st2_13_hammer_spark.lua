-- Hammer Spark (ST2-13, Option). [Main] gain 1 memory. [Security] gain 2 memory.
return {
  abilities = {
    { kind = "main", resolve = function(ctx) ctx:gain_memory(1) end },
    { kind = "security", resolve = function(ctx) ctx:gain_memory(2) end },
  },
}
