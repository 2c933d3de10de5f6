-- Coredramon (ST1-06). <Blocker> is a keyword in the card data. [When Attacking] lose 2 memory.
return {
  abilities = {
    { kind = "when_attacking", resolve = function(ctx) ctx:lose_memory(2) end },
  },
}
