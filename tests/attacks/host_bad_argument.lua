-- Pass the host things that are not data: a function, a table with a metatable, a cycle.
return { abilities = {
  { kind = "activate", resolve = function(ctx) return ctx:draw(print or function() end) end },
  { kind = "activate", resolve = function(ctx) return ctx:draw({ setmetatable({}, {}) }) end },
  { kind = "activate", resolve = function(ctx) local t = {}; t.self = t; return ctx:draw(t) end },
  { kind = "activate", resolve = function(ctx) return ctx:draw("\255") end },
  { kind = "activate", resolve = function(ctx) return ctx:draw(coroutine.running()) end },
} }
