-- Charlotte Pudding (ST07-008). [On Play]: look at up to 1 card from the top of your or your
-- opponent's Life and put it on the top or at the bottom of that Life.
return {
  abilities = {
    { kind = "on_play", resolve = function(ctx) ctx:look_at_top_life("either") end },
  },
}
