-- Fissure (Normal Spell): destroy the face-up monster the opponent controls with the lowest ATK
-- (the activating player chooses among ties). It does not target.
return {
  abilities = {
    { kind = "activate", tags = { "destroy" },
      requires = { { filter = { zone = "monster", player = "opponent", face_up = true } } },
      resolve = function(ctx)
        local lowest, pool = nil, {}
        for _, id in ipairs(ctx:cards({ zone = "monster", player = "opponent", face_up = true })) do
          local atk = ctx:value(id, "atk") or 0
          if lowest == nil or atk < lowest then
            lowest, pool = atk, { id }
          elseif atk == lowest then
            pool[#pool + 1] = id
          end
        end
        if #pool > 0 then ctx:destroy(ctx:choose_one({ from = pool, prompt = "the monster to destroy" })) end
      end },
  },
}
