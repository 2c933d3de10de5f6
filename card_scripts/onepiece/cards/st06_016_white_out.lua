-- White Out (ST06-016, Event). [Counter]: up to 1 of your Leader or Characters gets +2000 power
-- during this battle. [Trigger]: draw 1 card, and none of your Characters can be K.O.'d this turn.
return {
  abilities = {
    { kind = "counter",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you" }, count = 1,
                                   up_to = true, prompt = "+2000 power this battle" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "power", op = "add", value = 2000, duration = "this_battle" })
        end
      end },
    { kind = "trigger",
      resolve = function(ctx)
        ctx:draw(1)
        ctx:modify({ zone = "character", player = "you" },
                   { attr = "ko_immune", op = "set", value = "all", duration = "until_end_of_turn" })
      end },
  },
}
