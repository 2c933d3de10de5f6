-- Data nested 40 levels deep.
local t = {}
local root = t
for i = 1, 40 do t.next = {}; t = t.next end
return { abilities = {}, deep = root }
