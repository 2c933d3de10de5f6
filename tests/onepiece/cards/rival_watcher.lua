-- Rival Watcher (test card): when your opponent plays a Character, draw 1 card.
return { abilities = {
  { kind = "auto", trigger = { on = "played", player = "opponent", filter = { category = "character" } },
    resolve = function(ctx) ctx:draw(1) end },
} }
