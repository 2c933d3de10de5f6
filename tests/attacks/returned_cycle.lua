-- A cycle in the returned data would hang a naive converter.
local ability = { kind = "activate" }
ability.again = ability
return { abilities = { ability } }
