-- A syntax error on line 4.
return { abilities = {
  { kind = "activate",
    resolve = function(ctx) return 1 +* 2 end },
} }
