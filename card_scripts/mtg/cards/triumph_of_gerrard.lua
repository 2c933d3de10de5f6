-- Triumph of Gerrard (Saga). I, II: a +1/+1 counter on a creature its controller controls with
-- the greatest power among their creatures. III: such a creature gains flying, first strike and
-- lifelink until end of turn. Each chapter targets as it goes on the stack (603.3d); "greatest
-- power" is checked again as it resolves (608.2b).
local function greatest(ctx, id)
  local mine = ctx:cards({ zone = "battlefield", player = "you", types = "Creature" })
  local best = nil
  for _, other in ipairs(mine) do
    local p = ctx:value(other, "power") or 0
    if best == nil or p > best then best = p end
  end
  return best ~= nil and (ctx:value(id, "power") or 0) == best
end
local strongest = { { filter = { zone = "battlefield", player = "you", types = "Creature", where = greatest } } }
return {
  abilities = {
    { kind = "chapter", chapters = { 1, 2 }, targets = strongest,
      resolve = function(ctx)
        local t = ctx:target()
        if t then ctx:add_counters(t, "+1/+1", 1) end
      end },
    { kind = "chapter", chapter = 3, targets = strongest,
      resolve = function(ctx)
        local t = ctx:target()
        if not t then return end
        for _, kw in ipairs({ "Flying", "First strike", "Lifelink" }) do
          ctx:modify(t, { op = "grant", value = kw, duration = "until_end_of_turn" })
        end
      end },
  },
}
