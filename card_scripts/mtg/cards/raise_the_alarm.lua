-- Raise the Alarm: two 1/1 white Soldier tokens (111.2: under the caster's control).
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:create_token("Soldier Token", 2) end },
  },
}
