-- Guard Point (ST01-014, Event). [Counter]: up to 1 of your Leader or Characters gets +3000 power
-- during this battle. [Trigger]: up to 1 of your Leader or Characters gets +1000 power this turn.
local function boost(ctx, amount, duration)
  local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you" }, count = 1,
                             up_to = true, prompt = "+" .. amount .. " power" }
  if #chosen > 0 then
    ctx:modify(chosen, { attr = "power", op = "add", value = amount, duration = duration })
  end
end

return {
  abilities = {
    { kind = "counter", resolve = function(ctx) boost(ctx, 3000, "this_battle") end },
    { kind = "trigger", resolve = function(ctx) boost(ctx, 1000, "until_end_of_turn") end },
  },
}
