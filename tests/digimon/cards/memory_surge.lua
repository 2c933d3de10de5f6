return { abilities = {
  { kind = "main", resolve = function(ctx) ctx:gain_memory(2); ctx:schedule("lose 2 memory") end },
  { kind = "pending_processing", label = "lose 2 memory", at = "end_of_turn", resolve = function(ctx) ctx:lose_memory(2) end },
} }
