-- Tale's End: counter an activated or triggered ability, or a legendary spell.
return {
  abilities = {
    { kind = "spell", target = { ability = true, card = { zone = "stack", supertypes = "Legendary" } },
      resolve = function(ctx)
        local t = ctx:chosen_target()
        if t then ctx:counter(t) end
      end },
  },
}
