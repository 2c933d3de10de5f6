-- Thrust Pad Cannon (ST03-016, Event). [Counter]: return up to 1 Character (either player's) with
-- cost 3 or less to its owner's hand. [Trigger]: activate this card's [Counter] effect (the same
-- text, run as the [Trigger]'s effect).
local function bounce(ctx)
  local chosen = ctx:choose{ filter = { zone = "character", player = "any", max = { cost = 3 } },
                             count = 1, up_to = true, prompt = "return to its owner's hand" }
  if #chosen > 0 then ctx:move(chosen[1], "hand") end
end

return {
  abilities = {
    { kind = "counter", resolve = bounce },
    { kind = "trigger", resolve = bounce },
  },
}
