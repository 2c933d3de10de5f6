-- A coroutine is not data.
return { abilities = { { kind = "activate", state = coroutine.create(function() end) } } }
