-- Read the order of the opponent's deck (and hand) through ctx:cards, and of its own deck: hidden
-- cards come in id order, which says nothing about their order in the zone (its own deck's too).
local function list(ctx, zone, player) return table.concat(ctx:cards{ zone = zone, player = player }, ",") end
return { abilities = {
  { kind = "activate", resolve = function(ctx) ctx:mark(list(ctx, "deck", "opponent")) end },
  { kind = "activate", resolve = function(ctx) ctx:mark(list(ctx, "deck", "you")) end },
} }
