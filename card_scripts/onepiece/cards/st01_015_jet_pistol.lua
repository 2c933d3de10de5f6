-- Gum-Gum Jet Pistol (ST01-015, Event). [Main]: K.O. up to 1 of your opponent's Characters with
-- 6000 power or less. Its [Trigger] (activate this card's [Main] effect) is a keyword in the data.
return {
  abilities = {
    { kind = "main",
      resolve = function(ctx)
        local chosen = ctx:choose{ filter = { zone = "character", player = "opponent", max = { power = 6000 } },
                                   count = 1, up_to = true, prompt = "K.O." }
        if #chosen > 0 then ctx:ko(chosen[1]) end
      end },
  },
}
