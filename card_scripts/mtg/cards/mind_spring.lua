-- Mind Spring: draw X cards (X announced as it is cast, 601.2b).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:draw(ctx:x()) end },
  },
}
