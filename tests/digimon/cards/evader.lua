return { abilities = { { kind = "immediate", label = "when this Digimon would be deleted",
  trigger = { on = "would_be_deleted", self = true },
  condition = function(ctx) return not ctx:card(ctx:self()).status.suspended end,
  resolve = function(ctx)
    if ctx:card(ctx:self()).status.suspended then return end
    ctx:suspend(ctx:self())
    ctx:prevent_deletion(ctx:self())
  end } } }
