-- Skill Drain (Continuous Trap). Cost: 1000 LP. The effects of face-up monsters on the field are
-- negated while they are there; they can still be activated, which means paying their costs
-- (YGO-A14, YGO-05). A monster that leaves the field as its own cost escapes it (YGO-A15).
return {
  abilities = {
    { kind = "activate", cost = { { "pay_lp", 1000 } } },
    { kind = "continuous",
      modify = { { op = "negate", value = true, affects = { zone = "monster", face_up = true, card_type = "Monster" } } } },
  },
}
