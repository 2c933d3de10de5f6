-- Look for Python inside what the host hands over: the data of ctx:card() and ctx:stack(), and
-- the error value of a failed host call (a Python exception would carry frames and globals).
return { abilities = { { kind = "activate", resolve = function(ctx)
  local found = {}
  local function probe(name, f)
    local ok, v = pcall(f)
    if ok and v ~= nil then found[#found + 1] = name .. "=" .. type(v) end
  end
  local card = ctx:card()
  local stack = ctx:stack()
  local ok, err = pcall(ctx.card, ctx, "not a card id")
  probe("getmetatable(card)", function() return getmetatable(card) end)
  probe("card.__class__", function() return card.__class__ end)
  probe("card.__dict__", function() return card.__dict__ end)
  probe("getmetatable(stack)", function() return getmetatable(stack) end)
  probe("stack.__class__", function() return stack.__class__ end)
  probe("err.__traceback__", function() return err.__traceback__ end)
  probe("err.tb_frame", function() return err.tb_frame end)
  probe("err.args", function() return err.args end)
  probe("err.with_traceback", function() return err.with_traceback end)
  probe("type(err) is not string", function() return type(err) ~= "string" or nil end)
  probe("host call succeeded", function() return ok or nil end)
  ctx:mark(table.concat(found, ", "))   -- what was found, in the game log ("" is right)
end } } }
