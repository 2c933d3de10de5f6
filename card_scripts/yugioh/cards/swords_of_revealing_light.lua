-- Swords of Revealing Light (Normal Spell that stays on the field): when it resolves, the
-- opponent's face-down monsters are flipped face-up. While it is face-up, the opponent's monsters
-- cannot declare an attack. It is destroyed in the End Phase of the opponent's 3rd turn (lifetime).
return {
  lifetime = { opponent_turns = 3 },
  abilities = {
    { kind = "activate",
      resolve = function(ctx) ctx:flip_up({ zone = "monster", player = "opponent", face_up = false }) end },
    { kind = "continuous", forbids = { "declare_attack" }, affects = { zone = "monster", player = "opponent" } },
  },
}
