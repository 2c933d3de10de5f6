return { abilities = { { kind = "main", resolve = function(ctx)
  local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = "digimon", max = { dp = 4000 } },
                             count = 1, prompt = "delete" }
  if #chosen > 0 then ctx:delete(chosen[1]) end
end } } }
