-- Keep ctx after the call returns and use it later, outside any call of the host's.
local saved
return { abilities = {
  { kind = "activate", resolve = function(ctx) saved = ctx end },
  { kind = "activate", resolve = function() return saved:draw(1) end },
} }
