-- Learn addresses (ASLR bypass material) through tostring and string.format.
return { abilities = {
  { kind = "activate", resolve = function(ctx)
    return tostring({}), tostring(print or tostring), tostring(coroutine.create(function() end)),
           string.format("%s %s", {}, tostring), tostring(ctx), tostring(ctx.draw)
  end },
  { kind = "activate", resolve = function(ctx) return string.format("%p", {}) end },
} }
