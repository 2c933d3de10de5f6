-- Prometheus (ST07-013). [Activate: Main] You may rest this Character: up to 1 of your [Charlotte Linlin]
-- cards (Leader or Character) gains [Double Attack] during this turn. Its [Trigger] (play this card) is a
-- keyword in the card data.
return {
  abilities = {
    { kind = "activate_main", cost = { { "rest_self" } },
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = { "leader", "character" }, player = "you", name = "Charlotte Linlin" },
                                   count = 1, up_to = true, prompt = "gains [Double Attack] this turn" }
        if #chosen > 0 then
          ctx:modify(chosen, { op = "grant", value = "Double Attack", duration = "until_end_of_turn" })
        end
      end },
  },
}
