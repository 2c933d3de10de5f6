-- Odd arguments to ctx words that check them: each call must end in a named error (card, line,
-- word, argument), never a raw Python exception or a silent misuse.
return { abilities = {
  { kind = "activate", resolve = function(ctx) ctx:move(ctx:self(), "hand", { position = 1e300 }) end },
  { kind = "activate", resolve = function(ctx) ctx:modify(ctx:self(), { attr = "power", op = "add", value = 0/0 }) end },
  { kind = "activate", resolve = function(ctx) ctx:card(2^53) end },
  { kind = "activate", resolve = function(ctx)
      local many = {}; for i = 1, 20000 do many[i] = "deck" end
      ctx:cards{ zone = many } end },
  { kind = "activate", resolve = function(ctx) ctx:look_at_top("deck", 1e9) end },
  { kind = "activate", resolve = function(ctx) ctx:top_cards("hand", 1) end },
  { kind = "activate", resolve = function(ctx) ctx:choose_option({}, "pick one") end },
  { kind = "activate", resolve = function(ctx) ctx:log(1/0); ctx:log(-0.0); ctx:mark("logged") end },
  { kind = "activate", resolve = function(ctx)
      ctx:record("forged", { kind = "game_over", winners = { 1 }, seq = 1 }); ctx:mark("recorded") end },
  { kind = "activate", resolve = function(ctx) ctx:remember("k", { [1] = 1, [3] = 3 }); ctx:mark("kept") end },
} }
