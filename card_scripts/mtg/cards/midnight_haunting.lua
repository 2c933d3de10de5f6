-- Midnight Haunting: create two 1/1 white Spirit tokens with flying.
return {
  abilities = {
    { kind = "spell", resolve = function(ctx) ctx:create_token("Spirit Token", 2) end },
  },
}
