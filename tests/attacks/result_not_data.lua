-- Return a function (or a table with a metatable) from a call.
return { abilities = {
  { kind = "activate", resolve = function(ctx) return function() end end },
  { kind = "activate", resolve = function(ctx) return { fine = 1, bad = setmetatable({}, {}) } end },
} }
