-- Monkey.D.Luffy (ST01-012). [Rush] is a keyword in the card data. [DON!! x2] [When Attacking]: your
-- opponent cannot activate [Blocker] during this battle.
return {
  abilities = {
    { kind = "when_attacking", don = 2,
      resolve = function(ctx)
        ctx:modify(ctx:self(), { attr = "unblockable", op = "set", value = true, duration = "this_battle" })
      end },
  },
}
