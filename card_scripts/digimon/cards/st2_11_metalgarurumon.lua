-- MetalGarurumon (ST2-11). [When Attacking] [Once Per Turn] unsuspend this Digimon.
return {
  abilities = {
    { kind = "when_attacking", once_per_turn = true, resolve = function(ctx) ctx:unsuspend(ctx:self()) end },
  },
}
