-- A script that forgets to return its table.
local card = { abilities = {} }
