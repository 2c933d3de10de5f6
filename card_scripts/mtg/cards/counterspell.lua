-- Counterspell (and Cancel): counter a spell.
return {
  abilities = {
    { kind = "spell", targets = { { filter = { zone = "stack", other = true } } },
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:counter(t) end
      end },
  },
}
