-- Queen Mama Chanter (ST07-017, Stage). [Activate: Main] You may rest this Stage and add 1 card from
-- the top or bottom of your Life to your hand: add up to 1 of your Characters with cost 3 to the top
-- of its owner's Life, face up. (Resting is paid as the cost; the Life card, which no cost kind
-- takes, is taken first thing at resolution, and without Life cards it cannot be activated.)
return {
  abilities = {
    { kind = "activate_main", cost = { { "rest_self" } },
      -- Taking the Life card is part of the cost: with no Life cards it cannot be paid (8-3-1-3).
      condition = function(ctx) return ctx:life("you") > 0 end,
      resolve = function(ctx)
        if ctx:life_end_to_hand() == nil then return end
        local chosen = ctx:choose{ filter = { zone = "character", player = "you", min = { cost = 3 }, max = { cost = 3 } },
                                   count = 1, up_to = true, prompt = "add to the top of its owner's Life, face up" }
        if #chosen > 0 then ctx:add_to_life(chosen[1], { face_up = true }) end
      end },
  },
}
