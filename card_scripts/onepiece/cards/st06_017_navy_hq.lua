-- Navy HQ (ST06-017, Stage). [On Play]: up to 1 of your opponent's Characters gets -1 cost this
-- turn. [Activate: Main] You may rest this Stage: if your Leader has the {Navy} type, up to 1 of
-- your opponent's Characters gets -1 cost this turn (a failed "if" stops the rest, 4-10-1).
local function minus_one(ctx)
  local chosen = ctx:choose{ filter = { zone = "character", player = "opponent" }, count = 1, up_to = true,
                             prompt = "-1 cost this turn" }
  if #chosen > 0 then
    ctx:modify(chosen, { attr = "cost", op = "add", value = -1, duration = "until_end_of_turn" })
  end
end

return {
  abilities = {
    { kind = "on_play", resolve = minus_one },
    { kind = "activate_main", cost = { { "rest_self" } },
      resolve = function(ctx)
        if ctx:count{ zone = "leader", player = "you", types = "Navy" } == 0 then return end
        minus_one(ctx)
      end },
  },
}
