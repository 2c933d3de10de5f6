-- Brook (ST01-011). [On Play]: give your Leader or one of your Characters up to 2 rested DON!!.
return {
  abilities = {
    { kind = "on_play", resolve = function(ctx) ctx:give_don(2) end },
  },
}
