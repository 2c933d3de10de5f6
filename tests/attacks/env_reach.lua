-- Look for other cards' environments and the host's globals: through _G, _ENV, the Lua 5.1
-- names, the registry and every table reachable from this script's own globals.
return { abilities = { { kind = "activate", resolve = function(ctx)
  local found = {}
  local seen = {}
  local function walk(t, path, depth)
    if type(t) ~= "table" or seen[t] or depth > 4 then return end
    seen[t] = true
    for k, v in next, t do
      local name = path .. "." .. tostring(k)
      if k == "secret_plain" or k == "secret_g" or k == "abilities" or k == "python" or k == "registry" then
        found[#found + 1] = name
      end
      walk(v, name, depth + 1)
    end
  end
  walk(_G, "_G", 0)
  walk(_ENV, "_ENV", 0)
  if getfenv or setfenv or debug or package or rawget(_G, "_LOADED") then found[#found + 1] = "loader" end
  ctx:mark(table.concat(found, ", "))   -- what was found, in the game log ("" is right)
end } } }
