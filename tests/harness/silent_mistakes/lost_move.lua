-- Lost Move: a zone name given as a plain argument, misspelt.
return {
  abilities = {
    { kind = "spell",
      resolve = function(ctx)
        ctx:move(ctx:self(), "discrad")
      end },
  },
}
