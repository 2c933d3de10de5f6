-- Dark Panther (stand-in, see monsters.yaml): a continuous effect puts a cost on an optional
-- action: declaring an attack with this card costs its controller 500 LP (YGO-A17). A player who
-- cannot pay cannot declare the attack.
return {
  abilities = {
    { kind = "toll", actions = { "declare_attack" }, payer = "you", affects = "self", cost = { { "pay_lp", 500 } } },
  },
}
