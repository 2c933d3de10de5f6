-- 上海人形 (original). (自動γ) At the end of your turn, you gain 1 life (T4 step 3).
return {
  abilities = {
    { kind = "auto_gamma", label = "gain 1 life", trigger = { on = "end_of_turn", player = "you" },
      resolve = function(ctx) ctx:gain_life(1) end },
  },
}
