-- Keep state between calls (and between this card's copies) in globals and in the libraries:
-- each copy records what an earlier call left behind ("nil nil nil": nothing survives a call).
helper_count = 0   -- a load-time global: part of the card's definition, read-only in effect
local function leave_traces(ctx)
  local seen = tostring(told) .. " " .. tostring(string.told) .. " " .. tostring(rawget(_G, "told"))
  told, string.told = "copy " .. ctx:self(), "copy " .. ctx:self()
  helper_count = helper_count + 1
  ctx:mark(seen .. " " .. helper_count)
end
return { abilities = {
  { kind = "activate", resolve = leave_traces },
  { kind = "activate", resolve = leave_traces },
} }
