-- Stray Call Filter: the filter written in the call asks for "tpye", which no card has.
return {
  abilities = {
    { kind = "spell",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "field", tpye = "unit" }, count = 1 }
        for _, id in ipairs(chosen) do ctx:damage(id, 1) end
      end },
  },
}
