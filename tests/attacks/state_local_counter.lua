-- Count this card's resolutions in a top-level local (an upvalue its abilities and a helper
-- share): each call would see what the last call left. Nothing survives a call: both say "1 1".
local count = 0
local last = nil
local function bump() count = count + 1; return count end
local function resolve(ctx)
  local seen = tostring(last)
  last = ctx:self()
  ctx:mark(bump() .. " " .. count .. (seen == "nil" and "" or " saw " .. seen))
end
return { abilities = {
  { kind = "activate", resolve = resolve },
  { kind = "activate", resolve = resolve },
} }
