-- Catch the host's control flow inside the script: ctx:stop() (and a choice that fails) under
-- pcall, xpcall with a handler that calls the host, or inside a coroutine. The resolution must
-- stop all the same: nothing after the stop happens ("caught" is never marked).
return { abilities = {
  { kind = "activate", resolve = function(ctx)
      ctx:mark("before"); pcall(ctx.stop, ctx); ctx:mark("caught") end },
  { kind = "activate", resolve = function(ctx)
      ctx:mark("before"); pcall(function() ctx:stop() end); ctx:mark("caught") end },
  { kind = "activate", resolve = function(ctx)
      ctx:mark("before")
      xpcall(function() ctx:stop() end, function() ctx:mark("handler"); return "x" end)
      ctx:mark("caught") end },
  { kind = "activate", resolve = function(ctx)
      ctx:mark("before"); pcall(coroutine.wrap(function() ctx:stop() end)); ctx:mark("caught") end },
  { kind = "activate", resolve = function(ctx)
      ctx:mark("before")
      for _ = 1, 3 do pcall(ctx.stop, ctx) end
      ctx:mark("caught") end },
} }
