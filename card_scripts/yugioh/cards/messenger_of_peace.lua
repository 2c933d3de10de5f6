-- Messenger of Peace (Continuous Spell). Monsters with 1500 or more ATK cannot declare an attack.
-- Maintenance cost: in its controller's Standby Phase, pay 100 LP or destroy this card (the
-- "maintenance" data below; paying it is not an activation, YGO-12).
return {
  maintenance = { phase = "standby", cost = { { "pay_lp", 100 } } },
  abilities = {
    { kind = "activate" },
    { kind = "continuous", forbids = { "declare_attack" }, affects = { zone = "monster", min = { atk = 1500 } } },
  },
}
