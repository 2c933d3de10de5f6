-- Power Mochi (ST07-016, Event). [Counter]: look at up to 1 card from the top of your or your
-- opponent's Life and put it on the top or at the bottom; then up to 1 of your Leader or Characters
-- gets +2000 power during this battle. [Trigger]: draw 1 card, then look at up to 1 card from the
-- top of your opponent's Life and put it on the top or at the bottom.
return {
  abilities = {
    { kind = "counter",
      resolve = function(ctx)
        ctx:look_at_top_life("either")
        local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you" }, count = 1,
                                   up_to = true, prompt = "+2000 power this battle" }
        if #chosen > 0 then
          ctx:modify(chosen, { attr = "power", op = "add", value = 2000, duration = "this_battle" })
        end
      end },
    { kind = "trigger",
      resolve = function(ctx)
        ctx:draw(1)
        ctx:look_at_top_life("opponent")
      end },
  },
}
