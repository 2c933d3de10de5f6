-- Sorrow Blue (ST2-14, Option). [Main] choose one of your opponent's Digimon with no
-- digivolution cards: it can't attack or block until the end of your opponent's next turn.
-- [Security] the same, until the end of your next turn.
local function freeze(ctx, duration)
  local chosen = ctx:choose{ filter = { zone = "battle_area", player = "opponent", category = { "digimon", "digi_egg" },
                                        no_sources = true },
                             count = 1, prompt = "can't attack or block" }
  if #chosen > 0 then
    ctx:effect(chosen, { attr = "cannot_attack", op = "set", value = true, duration = duration })
    ctx:effect(chosen, { attr = "cannot_block", op = "set", value = true, duration = duration })
  end
end
return {
  abilities = {
    { kind = "main", resolve = function(ctx) freeze(ctx, "until_end_of_opponents_next_turn") end },
    { kind = "security", resolve = function(ctx) freeze(ctx, "until_end_of_your_next_turn") end },
  },
}
