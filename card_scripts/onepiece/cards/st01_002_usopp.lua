-- Usopp (ST01-002). [DON!! x2] [When Attacking]: during this battle, Characters with 5000 power or
-- more cannot activate [Blocker]. Its [Trigger] (play this card) is a keyword in the card data.
return {
  abilities = {
    { kind = "when_attacking", don = 2,
      resolve = function(ctx)
        ctx:modify(ctx:self(), { attr = "blockers_below", op = "set", value = 5000, duration = "this_battle" })
      end },
  },
}
