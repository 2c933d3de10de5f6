-- Love-Love Mellow (ST03-017, Event). [Counter]: up to 1 of your Leader or Characters gets +4000
-- power during this battle. Then, if you have 3 or fewer cards in your hand, draw 1 card.
return {
  abilities = {
    { kind = "counter",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you" }, count = 1,
                                   up_to = true, prompt = "+4000 power this battle" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "power", op = "add", value = 4000, duration = "this_battle" })
        end
        if ctx:count{ zone = "hand", player = "you" } <= 3 then ctx:draw(1) end
      end },
  },
}
