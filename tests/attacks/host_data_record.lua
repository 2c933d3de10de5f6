-- Fill the event log with custom events (and retry whatever the host refuses).
return { abilities = {
  { kind = "activate", resolve = function(ctx)
    local chunk = string.rep("r", 3000)
    for i = 1, 1000000 do ctx:record("spam", { blob = chunk, i = i }) end
  end },
  { kind = "activate", resolve = function(ctx)
    local chunk = string.rep("r", 3000)
    while true do pcall(ctx.record, ctx, "spam", { blob = chunk }) end
  end },
  { kind = "activate", resolve = function(ctx)
    ctx:record("huge", { blob = string.rep("r", 9000) })
  end },
} }
