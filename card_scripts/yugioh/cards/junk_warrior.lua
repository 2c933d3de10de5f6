-- Junk Warrior (Synchro). When Synchro Summoned: it gains ATK equal to the total ATK of the
-- Level 2 or lower monsters you control (counted as it resolves; the gain lasts while face-up).
return {
  abilities = {
    { kind = "trigger", label = "power up", trigger = { on = "summoned", self = true, how = "synchro" },
      resolve = function(ctx)
        local total = 0
        for _, id in ipairs(ctx:cards{ zone = "monster", player = "you", face_up = true, max = { level = 2 } }) do
          total = total + (ctx:value(id, "atk") or 0)
        end
        if total > 0 and ctx:card(ctx:self()).zone == "monster" then
          ctx:modify(ctx:self(), { attr = "atk", op = "add", value = total, duration = "while_face_up" })
        end
      end },
  },
}
