-- Sudden Collapse (test card): destroy 1 targeted monster on the field.
return { abilities = { { kind = "activate", tags = { "destroy" },
                         targets = { { filter = { zone = "monster" } } },
                         resolve = function(ctx)
                           local t = ctx:target()
                           if t then ctx:destroy(t) end
                         end } } }
