-- A returned table with metamethods could run code (or hang) when the host reads it.
return setmetatable({ abilities = {} }, { __index = function() while true do end end })
