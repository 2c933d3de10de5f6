return { abilities = { { kind = "main", resolve = function(ctx)
  local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = "digimon" }, count = 1, prompt = "-3000 DP" }
  if #chosen > 0 then ctx:effect(chosen, { attr = "dp", op = "add", value = -3000, duration = "this_turn" }) end
end } } }
