-- Shockwave (ST06-014, Event). [Counter]: up to 1 of your Leader or Characters gets +4000 power
-- during this battle. Then, K.O. up to 1 of your opponent's active Characters with cost 3 or less.
-- [Trigger]: K.O. up to 1 of your opponent's Characters with cost 4 or less.
local function ko_one(ctx, filter)
  local chosen = ctx:choose{ filter = filter, count = 1, up_to = true, prompt = "K.O." }
  if #chosen > 0 then ctx:ko(chosen[1]) end
end

return {
  abilities = {
    { kind = "counter",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you" }, count = 1,
                                   up_to = true, prompt = "+4000 power this battle" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "power", op = "add", value = 4000, duration = "this_battle" })
        end
        ko_one(ctx, { zone = "character", player = "opponent", status = { rested = false }, max = { cost = 3 } })
      end },
    { kind = "trigger",
      resolve = function(ctx)
        ko_one(ctx, { zone = "character", player = "opponent", max = { cost = 4 } })
      end },
  },
}
