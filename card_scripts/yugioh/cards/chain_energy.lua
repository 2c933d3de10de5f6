-- Chain Energy (Continuous Spell): each player must pay 500 LP for each card they Normal Summon, Set,
-- Special Summon or activate from their hand (a cost on actions, YGO-A17).
return {
  abilities = {
    { kind = "activate" },
    { kind = "toll", payer = "any", cost = { { "pay_lp", 500 } },
      actions = { "normal_summon", "set_monster", "set_spell_trap", "activate_from_hand", "special_summon_from_hand" } },
  },
}
